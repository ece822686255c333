/** Every default of the data document's section 9 for surveys, in one place. */
import type {
  ButtonStyle,
  DisplayTriggers,
  EmbedSettings,
  GlobalIdentifierSettings,
  Question,
  QuestionType,
  Survey,
  SurveyDisplay,
  SurveyLayout,
  SurveyLogo,
  SurveySettings,
  SurveyTheme,
  WidgetSettings,
} from './types';

export const DEFAULT_SURVEY_TITLE = 'My Survey';
export const DEFAULT_SURVEY_DESCRIPTION = 'Please answer the following questions';
export const DEFAULT_PLACEHOLDER = 'Enter your answer...';
export const DEFAULT_OPTIONS = ['Option 1', 'Option 2'] as const;

export const DEFAULT_THEME: SurveyTheme = {
  primaryColor: '#007bff',
  secondaryColor: '#6c757d',
  backgroundColor: '#ffffff',
  textColor: '#333333',
  buttonBackgroundColor: '#007bff',
  fontFamily: 'Arial',
  borderRadius: '8px',
  titleAlignment: 'center',
  questionAlignment: 'left',
};

export const DEFAULT_LAYOUT: SurveyLayout = { width: '100%', maxWidth: '600px', padding: '20px' };

export const DEFAULT_DISPLAY: SurveyDisplay = { viewMode: 'scroll', showProgress: true, allowBackNavigation: true };

export const DEFAULT_LOGO_WIDTH_PX = 200;
/** The crop step's default output, in pixels. */
export const DEFAULT_LOGO_CROP = { width: 200, height: 200 } as const;

export const DEFAULT_LOGO: SurveyLogo = {
  enabled: false,
  url: '',
  width: `${DEFAULT_LOGO_WIDTH_PX}px`,
  height: 'auto',
  position: 'top',
  margin: '0 auto 16px',
  objectFit: 'contain',
  borderRadius: '0px',
  opacity: 1,
};

export const DEFAULT_BUTTON: ButtonStyle = {
  text: 'Take Survey',
  backgroundColor: DEFAULT_THEME.buttonBackgroundColor,
  textColor: '#ffffff',
  borderRadius: '8px',
  fontSize: '16px',
  padding: '12px 24px',
  hoverColor: '#0056b3',
};

export const DEFAULT_WIDGET: WidgetSettings = {
  displayMode: 'button',
  position: 'bottom-right',
  autoOpen: false,
  delay: 0,
  inlineTarget: '',
};

export function defaultSurveySettings(): SurveySettings {
  return {
    theme: { ...DEFAULT_THEME },
    layout: { ...DEFAULT_LAYOUT },
    display: { ...DEFAULT_DISPLAY },
    logo: { ...DEFAULT_LOGO },
  };
}

export function defaultSurvey(): Survey {
  return {
    title: DEFAULT_SURVEY_TITLE,
    description: DEFAULT_SURVEY_DESCRIPTION,
    questions: [],
    settings: defaultSurveySettings(),
  };
}

/** A published survey's styling starts from the survey's own settings plus button and widget defaults. */
export function defaultEmbedSettings(from: Partial<SurveySettings> = {}): EmbedSettings {
  const base = defaultSurveySettings();
  return {
    theme: { ...base.theme, ...from.theme },
    layout: { ...base.layout, ...from.layout },
    display: { ...base.display, ...from.display },
    logo: { ...base.logo, ...from.logo },
    button: { ...DEFAULT_BUTTON },
    widget: { ...DEFAULT_WIDGET },
  };
}

export const DEFAULT_IDENTIFIER_FIELDS = { email: 'user_email', uuid: 'user_id', custom: 'custom_field' } as const;

export const DEFAULT_OVERRIDE_WARNING =
  'This survey will use its own identifier requirements instead of the company-wide settings.';

export const DEFAULT_GLOBAL_IDENTIFIERS: GlobalIdentifierSettings = {
  requireIdentifier: false,
  identifierTypes: ['email'],
  identifierFields: { ...DEFAULT_IDENTIFIER_FIELDS },
  allowSurveyOverride: true,
  overrideWarning: DEFAULT_OVERRIDE_WARNING,
  requireOverrideReason: true,
  allowedOverrideTypes: ['email', 'uuid', 'custom'],
};

export function defaultDisplayTriggers(): DisplayTriggers {
  return {
    useCustomIdentifiers: false,
    overrideReason: '',
    requireIdentifier: false,
    identifierTypes: ['email'],
    identifierFields: { ...DEFAULT_IDENTIFIER_FIELDS },
    deviceTarget: 'all',
    showPercentage: 100,
    percentageMethod: 'random',
    holdoutPercentage: 0,
    cooldownDays: 0,
    showAfterCompletion: false,
    timeRules: { enabled: false, startDate: '', endDate: '', daysOfWeek: [], timeOfDay: { start: '00:00', end: '23:59' } },
    behaviorTriggers: { enabled: false, scrollDepth: 0, timeOnPage: 0, exitIntent: false, elementClick: '' },
    userSegmentation: { enabled: false, visitorType: 'all', geography: '', referrer: '' },
    pageTargeting: { enabled: false, urlPatterns: [], matchType: 'contains' },
    audienceTargeting: { enabled: false, kind: 'category', id: '' },
  };
}

type StoredTriggers = { [K in keyof DisplayTriggers]?: DisplayTriggers[K] extends readonly unknown[] ? DisplayTriggers[K] : Partial<DisplayTriggers[K]> | DisplayTriggers[K] };

/**
 * Stored targeting over the defaults, one level deep: a survey published before a setting existed
 * (audienceTargeting, say) reads with that setting off. Every reader of stored triggers (the BFF's
 * answers, the widget's bundle, the editor) goes through here.
 */
export function displayTriggersOf(stored: StoredTriggers | null | undefined): DisplayTriggers {
  const base = defaultDisplayTriggers();
  const chosen = stored ?? {};
  return {
    ...base,
    ...chosen,
    identifierFields: { ...base.identifierFields, ...chosen.identifierFields },
    timeRules: { ...base.timeRules, ...chosen.timeRules, timeOfDay: { ...base.timeRules.timeOfDay, ...chosen.timeRules?.timeOfDay } },
    behaviorTriggers: { ...base.behaviorTriggers, ...chosen.behaviorTriggers },
    userSegmentation: { ...base.userSegmentation, ...chosen.userSegmentation },
    pageTargeting: { ...base.pageTargeting, ...chosen.pageTargeting },
    audienceTargeting: { ...base.audienceTargeting, ...chosen.audienceTargeting },
  } as DisplayTriggers;
}

export const TEXT_TYPES: readonly QuestionType[] = ['text', 'textarea', 'email'];
export const CHOICE_TYPES: readonly QuestionType[] = [
  'multiple-choice',
  'multiple_choice',
  'single-choice',
  'checkbox',
  'dropdown',
];
/**
 * Choice types whose answer is a list of options. 'multiple_choice' is the published renderer's
 * older spelling of 'multiple-choice' (one answer) and renders the same.
 */
export const MULTI_SELECT_TYPES: readonly QuestionType[] = ['checkbox'];

export const RATING_DEFAULTS = { minValue: 1, maxValue: 5 } as const;
export const RANGE_DEFAULTS = { minValue: 0, maxValue: 10, step: 1 } as const;
export const LENGTH_DEFAULTS = { minLength: 0, maxLength: 1000 } as const;

/**
 * A question or condition id. randomUUID exists only in secure contexts (https, localhost), so a
 * dashboard served over plain http falls back to getRandomValues, which every browser has.
 */
export function newId(prefix: string): string {
  const random =
    globalThis.crypto.randomUUID?.() ??
    Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${prefix}_${random}`;
}

/** A blank question of a type, with the type's defaults (data document, section 9). */
export function newQuestion(type: QuestionType, id = newId('q')): Question {
  const settings: Question['settings'] = {};
  if (TEXT_TYPES.includes(type)) {
    Object.assign(settings, { placeholder: DEFAULT_PLACEHOLDER, ...LENGTH_DEFAULTS });
  } else if (type === 'rating') {
    Object.assign(settings, RATING_DEFAULTS, { step: 1 });
  } else if (type === 'number') {
    Object.assign(settings, RANGE_DEFAULTS, { min: RANGE_DEFAULTS.minValue, max: RANGE_DEFAULTS.maxValue, placeholder: DEFAULT_PLACEHOLDER });
  } else if (type === 'date') {
    settings.dateFormat = 'date';
  }
  return {
    id,
    type,
    title: '',
    description: '',
    required: false,
    dataType: null,
    options: CHOICE_TYPES.includes(type) ? [...DEFAULT_OPTIONS] : [],
    conditions: [],
    settings,
  };
}

/** The labels the type picker and the editor show. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Short Text',
  textarea: 'Long Text',
  'multiple-choice': 'Multiple Choice',
  multiple_choice: 'Multiple Choice',
  'single-choice': 'Single Choice',
  checkbox: 'Checkboxes',
  dropdown: 'Dropdown',
  rating: 'Rating',
  number: 'Number',
  date: 'Date',
  email: 'Email',
  'yes-no': 'Yes / No',
};

/** The picker offers the editor's types plus the ones only the renderer named before. */
export const PICKER_TYPES: readonly QuestionType[] = [
  'text',
  'textarea',
  'multiple-choice',
  'checkbox',
  'dropdown',
  'rating',
  'date',
  'email',
  'number',
  'single-choice',
  'yes-no',
];
