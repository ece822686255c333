/**
 * The survey's validation schemas, shared by the creator's forms and the BFF (which validates
 * every survey it stores). Style values end up in CSS custom properties inside the renderer, so
 * colours and lengths are accepted only in plain CSS forms: nothing can close a declaration.
 * Not imported by the widget (it reads surveys the BFF already checked).
 */
import * as yup from 'yup';
import { CATEGORY_IDS } from '../audience/contract';
import { requiredTrimmed } from '../text';
import { AUDIENCE_TARGETING_MESSAGES, DRAFT_MESSAGES, IDENTIFIER_MESSAGES, LOGO_MESSAGES, THEME_MESSAGES } from './messages';
import { SURVEY_LIMITS } from './limits';
import { regexPatternError } from './regexSafety';
import { STYLING_RANGES } from './targeting';
import {
  ALIGNMENTS,
  AUDIENCE_TARGET_KINDS,
  BUTTON_POSITIONS,
  CONDITION_ACTIONS,
  CONDITION_MODES,
  CONDITION_OPERATORS,
  DATE_FORMATS,
  DEVICE_TARGETS,
  END_CONDITION_TYPES,
  FONT_FAMILIES,
  IDENTIFIER_TYPES,
  LOGO_FITS,
  LOGO_POSITIONS,
  PAGE_MATCH_TYPES,
  PERCENTAGE_METHODS,
  QUESTION_TYPES,
  VIEW_MODES,
  VISITOR_TYPES,
  WIDGET_MODES,
  type AudienceTargeting,
  type DisplayTriggers,
  type EmbedSettings,
  type Question,
  type Survey,
  type SurveyLogo,
  type SurveySettings,
  type SurveyTheme,
} from './types';


const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const LENGTH = /^(?:0|\d{1,4}(?:\.\d{1,2})?(?:px|%|em|rem|vw|vh))$/;
/** 1 to 4 lengths, as CSS margin and padding take them; 'auto' allowed for margins. */
const BOX = /^(?:(?:0|auto|\d{1,4}(?:\.\d{1,2})?(?:px|%|em|rem))(?: |$)){1,4}$/;
const ID = /^[A-Za-z0-9_-]+$/;
const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A field name on the host page: letters, digits, dots, dashes, underscores; commas separate several. */
const FIELD_NAMES = /^[A-Za-z0-9_.-]+(?:\s*,\s*[A-Za-z0-9_.-]+)*$/;
/** A logo is an https address or a file the BFF stores. */
const LOGO_URL = /^(?:https:\/\/[^\s"'()<>\\]+|\/api\/files\/[A-Za-z0-9_-]{32})$/;

const colour = () => yup.string().required().matches(HEX_COLOUR, 'Must be a colour like #007bff');
const length = () => yup.string().required().matches(LENGTH, 'Must be a length like 600px or 100%');
const lengthOrAuto = () =>
  yup.string().required().test('length', 'Must be a length like 200px, or auto', (value) => value === 'auto' || LENGTH.test(value ?? ''));
const box = () => yup.string().required().max(40).matches(BOX, 'Must be one to four lengths like 12px 24px');
const oneOf = <T extends string>(values: readonly T[]) => yup.string<T>().required().oneOf([...values]);
const whole = (min: number, max: number) => yup.number().required().integer().min(min).max(max);
const radiusPx = () =>
  yup
    .string()
    .required()
    .matches(/^\d{1,2}px$/, 'Must be a radius like 8px')
    .test('range', 'Border radius must be 0-20px', (value) => Number.parseInt(value ?? '', 10) <= STYLING_RANGES.borderRadiusPx.max);
/**
 * Answers are kept in objects keyed by question id (a response's answers, the widget's form), so
 * an id such as __proto__ or constructor would read or replace what every object inherits.
 */
const isInheritedName = (value: string) => value in Object.prototype;
const id = () =>
  yup
    .string()
    .required()
    .max(SURVEY_LIMITS.id)
    .matches(ID, 'Must be an id of letters, digits, - and _')
    .test('not-inherited', 'Must not be a name every JavaScript object has (such as constructor or __proto__)', (value) => value === undefined || !isInheritedName(value));

const conditionSchema = yup
  .object({
    id: id(),
    targetQuestionId: id(),
    operator: oneOf(CONDITION_OPERATORS),
    value: yup.string().defined().max(SURVEY_LIMITS.conditionValue),
    action: yup.string().oneOf([...CONDITION_ACTIONS]).optional(),
  })
  .noUnknown();

const optionalNumber = () => yup.number().optional();

export const questionSchema: yup.ObjectSchema<Question> = yup
  .object({
    id: id(),
    type: oneOf(QUESTION_TYPES),
    title: yup.string().defined().max(SURVEY_LIMITS.questionTitle),
    description: yup.string().defined().max(SURVEY_LIMITS.questionDescription),
    required: yup.boolean().required(),
    dataType: yup.string().max(SURVEY_LIMITS.id).nullable().defined(),
    options: yup.array(yup.string().defined().max(SURVEY_LIMITS.option)).defined().max(SURVEY_LIMITS.options),
    conditions: yup.array(conditionSchema).defined().max(SURVEY_LIMITS.conditions),
    // Absent in surveys stored before it existed: the specification's default.
    conditionMode: yup.string().oneOf([...CONDITION_MODES], `Must be one of: ${CONDITION_MODES.join(', ')}`).optional(),
    settings: yup
      .object({
        placeholder: yup.string().max(SURVEY_LIMITS.placeholder).optional(),
        minLength: whole(0, 100_000).optional(),
        maxLength: whole(1, 100_000).optional(),
        minValue: optionalNumber(),
        maxValue: optionalNumber(),
        step: yup.number().positive().optional(),
        min: optionalNumber(),
        max: optionalNumber(),
        dateFormat: yup.string().oneOf([...DATE_FORMATS]).optional(),
      })
      .noUnknown()
      .required(),
  })
  .noUnknown() as yup.ObjectSchema<Question>;

export const themeSchema: yup.ObjectSchema<SurveyTheme> = yup
  .object({
    primaryColor: colour(),
    secondaryColor: colour(),
    backgroundColor: colour(),
    textColor: colour(),
    buttonBackgroundColor: colour(),
    fontFamily: oneOf(FONT_FAMILIES),
    borderRadius: radiusPx(),
    titleAlignment: oneOf(ALIGNMENTS),
    questionAlignment: oneOf(ALIGNMENTS),
  })
  .noUnknown() as yup.ObjectSchema<SurveyTheme>;

export const logoSchema: yup.ObjectSchema<SurveyLogo> = yup
  .object({
    enabled: yup.boolean().required(),
    url: yup
      .string()
      .defined()
      .max(SURVEY_LIMITS.logoUrl)
      .test('logo-url', LOGO_MESSAGES.httpsOnly, (value) => !value || LOGO_URL.test(value)),
    width: lengthOrAuto(),
    height: lengthOrAuto(),
    position: oneOf(LOGO_POSITIONS),
    margin: box(),
    objectFit: oneOf(LOGO_FITS),
    borderRadius: radiusPx(),
    opacity: yup.number().required().min(STYLING_RANGES.logoOpacity.min).max(STYLING_RANGES.logoOpacity.max),
  })
  .noUnknown() as yup.ObjectSchema<SurveyLogo>;

const settingsShape = {
  theme: themeSchema.required(),
  layout: yup.object({ width: length(), maxWidth: length(), padding: box() }).noUnknown().required(),
  display: yup
    .object({ viewMode: oneOf(VIEW_MODES), showProgress: yup.boolean().required(), allowBackNavigation: yup.boolean().required() })
    .noUnknown()
    .required(),
  logo: logoSchema.required(),
};

export const surveySettingsSchema = yup.object(settingsShape).noUnknown() as unknown as yup.ObjectSchema<SurveySettings>;

export const surveySchema: yup.ObjectSchema<Survey> = yup
  .object({
    title: yup.string().defined().max(SURVEY_LIMITS.title),
    description: yup.string().defined().max(SURVEY_LIMITS.description),
    questions: yup
      .array(questionSchema.required())
      .defined()
      .max(SURVEY_LIMITS.questions, `A survey can have at most ${SURVEY_LIMITS.questions} questions`),
    settings: surveySettingsSchema.required(),
  })
  .noUnknown() as yup.ObjectSchema<Survey>;

export const embedSettingsSchema: yup.ObjectSchema<EmbedSettings> = yup
  .object({
    ...settingsShape,
    button: yup
      .object({
        text: requiredTrimmed('Button text is required', 60),
        backgroundColor: colour(),
        textColor: colour(),
        borderRadius: radiusPx(),
        fontSize: oneOf(['12px', '14px', '16px', '18px', '20px'] as const),
        padding: box(),
        hoverColor: colour(),
      })
      .noUnknown()
      .required(),
    widget: yup
      .object({
        displayMode: oneOf(WIDGET_MODES),
        position: oneOf(BUTTON_POSITIONS),
        autoOpen: yup.boolean().required(),
        delay: whole(STYLING_RANGES.delaySeconds.min, STYLING_RANGES.delaySeconds.max),
        inlineTarget: yup.string().defined().max(SURVEY_LIMITS.selector),
      })
      .noUnknown()
      .required(),
  })
  .noUnknown() as unknown as yup.ObjectSchema<EmbedSettings>;

const identifierTypesSchema = () =>
  yup.array(oneOf(IDENTIFIER_TYPES)).defined().max(IDENTIFIER_TYPES.length);

const identifierFieldsSchema = () =>
  yup
    .object({
      email: yup.string().required().max(SURVEY_LIMITS.name).matches(FIELD_NAMES, 'Must be field names separated by commas'),
      uuid: yup.string().required().max(SURVEY_LIMITS.name).matches(FIELD_NAMES, 'Must be field names separated by commas'),
      custom: yup.string().required().max(SURVEY_LIMITS.name).matches(FIELD_NAMES, 'Must be field names separated by commas'),
    })
    .noUnknown()
    .required();

const VIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audience a survey is limited to. An id, when given, must fit its kind (a category of
 * CATEGORY_IDS, a view's uuid) even while targeting is off, so switching it on never finds a stale
 * one; it is required only while on. Whether a view belongs to the survey's company is the
 * server's check (it alone can see the views). Missing altogether (a client from before the
 * setting): off.
 */
export const audienceTargetingSchema = yup
  .object({
    enabled: yup.boolean().required(),
    kind: yup.string<AudienceTargeting['kind']>().required(AUDIENCE_TARGETING_MESSAGES.kind).oneOf([...AUDIENCE_TARGET_KINDS], AUDIENCE_TARGETING_MESSAGES.kind),
    id: yup
      .string()
      .defined()
      .max(36, AUDIENCE_TARGETING_MESSAGES.required)
      .when('enabled', { is: true, then: (schema) => schema.required(AUDIENCE_TARGETING_MESSAGES.required) })
      .test('fits-kind', function check(value) {
        if (!value) return true;
        const kind = (this.parent as { kind?: string }).kind;
        if (kind === 'category' && !(CATEGORY_IDS as readonly string[]).includes(value)) return this.createError({ message: AUDIENCE_TARGETING_MESSAGES.category });
        if (kind === 'view' && !VIEW_ID.test(value)) return this.createError({ message: AUDIENCE_TARGETING_MESSAGES.view });
        return true;
      }),
  })
  .noUnknown()
  .default(() => ({ enabled: false, kind: 'category' as const, id: '' })) as unknown as yup.ObjectSchema<AudienceTargeting>;

export const displayTriggersSchema: yup.ObjectSchema<DisplayTriggers> = yup
  .object({
    useCustomIdentifiers: yup.boolean().required(),
    overrideReason: yup.string().defined().max(SURVEY_LIMITS.overrideReason),
    requireIdentifier: yup.boolean().required(),
    identifierTypes: identifierTypesSchema().when('requireIdentifier', {
      is: true,
      then: (schema) => schema.min(1, IDENTIFIER_MESSAGES.typeRequired),
    }),
    identifierFields: identifierFieldsSchema(),
    deviceTarget: oneOf(DEVICE_TARGETS),
    showPercentage: whole(STYLING_RANGES.showPercentage.min, STYLING_RANGES.showPercentage.max),
    percentageMethod: oneOf(PERCENTAGE_METHODS),
    holdoutPercentage: whole(STYLING_RANGES.holdoutPercentage.min, STYLING_RANGES.holdoutPercentage.max),
    cooldownDays: whole(STYLING_RANGES.cooldownDays.min, STYLING_RANGES.cooldownDays.max),
    // Absent from settings saved before it existed: off.
    showAfterCompletion: yup.boolean().default(false),
    timeRules: yup
      .object({
        enabled: yup.boolean().required(),
        startDate: yup.string().defined().test('day', 'Must be a date', (value) => !value || DAY.test(value)),
        endDate: yup
          .string()
          .defined()
          .test('day', 'Must be a date', (value) => !value || DAY.test(value))
          .test('order', 'The end date must not be before the start date', function check(value) {
            const start = (this.parent as { startDate?: string }).startDate;
            return !value || !start || value >= start;
          }),
        daysOfWeek: yup.array(whole(0, 6)).defined().max(7),
        timeOfDay: yup
          .object({
            start: yup.string().required().matches(TIME_OF_DAY, 'Must be a time like 09:00'),
            end: yup.string().required().matches(TIME_OF_DAY, 'Must be a time like 17:30'),
          })
          .noUnknown()
          .required(),
      })
      .noUnknown()
      .required(),
    behaviorTriggers: yup
      .object({
        enabled: yup.boolean().required(),
        scrollDepth: whole(STYLING_RANGES.scrollDepth.min, STYLING_RANGES.scrollDepth.max),
        timeOnPage: whole(STYLING_RANGES.timeOnPage.min, STYLING_RANGES.timeOnPage.max),
        exitIntent: yup.boolean().required(),
        elementClick: yup.string().defined().max(SURVEY_LIMITS.selector),
      })
      .noUnknown()
      .required(),
    userSegmentation: yup
      .object({
        enabled: yup.boolean().required(),
        visitorType: oneOf(VISITOR_TYPES),
        geography: yup.string().defined().max(SURVEY_LIMITS.name),
        referrer: yup.string().defined().max(SURVEY_LIMITS.logoUrl),
      })
      .noUnknown()
      .required(),
    pageTargeting: yup
      .object({
        enabled: yup.boolean().required(),
        urlPatterns: yup
          .array(yup.string().required().max(SURVEY_LIMITS.logoUrl).test('not-blank', 'Blank patterns are dropped', (v) => !!v?.trim()))
          .defined()
          .max(SURVEY_LIMITS.urlPatterns),
        matchType: oneOf(PAGE_MATCH_TYPES),
      })
      .noUnknown()
      .required()
      .test('regex', 'Invalid pattern', function check(value) {
        if (value?.matchType !== 'regex') return true;
        for (const pattern of value.urlPatterns) {
          const message = regexPatternError(pattern);
          if (message) return this.createError({ path: `${this.path}.urlPatterns`, message });
        }
        return true;
      }),
    audienceTargeting: audienceTargetingSchema,
  })
  .noUnknown() as unknown as yup.ObjectSchema<DisplayTriggers>;

/** A draft's name, as the save dialog and the rename both take it. */
export const draftNameSchema = (message: string = DRAFT_MESSAGES.nameRequired) => requiredTrimmed(message, SURVEY_LIMITS.name);

export const draftBodySchema = yup.object({ name: draftNameSchema(), survey: surveySchema.required() });
export const renameDraftSchema = yup.object({ name: draftNameSchema(DRAFT_MESSAGES.renameEmpty) });

export const publishBodySchema = yup.object({
  name: draftNameSchema(),
  survey: surveySchema.required(),
  /** The client's clock is not trusted: the BFF stamps its own; kept for the contract. */
  publishedAt: yup.string().optional(),
  draftId: yup.string().uuid().nullable().optional(),
});

export const endConditionSchema = yup
  .object({
    type: oneOf(END_CONDITION_TYPES),
    value: yup.mixed<string | number>().required().test('type', 'Must be a date or a number', (v) => typeof v === 'string' || typeof v === 'number'),
  })
  .noUnknown();

export const statusBodySchema = yup.object({
  status: oneOf(['active', 'inactive'] as const),
  endCondition: endConditionSchema.default(undefined).when('status', {
    is: 'active',
    then: (schema) => schema.required('Choose an end condition to start the survey'),
    otherwise: (schema) => schema.optional(),
  }),
});

export const embedSettingsBodySchema = yup.object({ settings: embedSettingsSchema.required() });
export const displayTriggersBodySchema = yup.object({ displayTriggers: displayTriggersSchema.required() });

export const savedThemeBodySchema = yup.object({
  name: requiredTrimmed(THEME_MESSAGES.nameRequired, SURVEY_LIMITS.name),
  settings: yup.object({ theme: themeSchema.required(), logo: logoSchema.required() }).noUnknown().required(),
});

export const globalIdentifiersSchema = yup
  .object({
    requireIdentifier: yup.boolean().required(),
    identifierTypes: identifierTypesSchema().when('requireIdentifier', {
      is: true,
      then: (schema) => schema.min(1, IDENTIFIER_MESSAGES.typeRequired),
    }),
    identifierFields: identifierFieldsSchema(),
    allowSurveyOverride: yup.boolean().required(),
    overrideWarning: yup.string().defined().max(SURVEY_LIMITS.overrideReason),
    requireOverrideReason: yup.boolean().required(),
    allowedOverrideTypes: identifierTypesSchema(),
  })
  .noUnknown();

export const globalIdentifiersBodySchema = yup.object({ globalIdentifiers: globalIdentifiersSchema.required() });

/** What LiveIQ sends when a survey's override of the global identifiers is saved. */
export const overrideLogBodySchema = yup.object({
  surveyId: yup.string().uuid().required(),
  overrideReason: yup.string().defined().max(SURVEY_LIMITS.overrideReason),
  customSettings: yup
    .object({
      requireIdentifier: yup.boolean().required(),
      identifierTypes: identifierTypesSchema().min(1, IDENTIFIER_MESSAGES.typeRequired),
      identifierFields: identifierFieldsSchema(),
    })
    .noUnknown()
    .required(),
});

