/**
 * The survey model (data document, section 3): one shape for the creator, the BFF and the widget.
 * Pure types: no React, DOM, Node or yup here, so the widget can import it.
 */

export const QUESTION_TYPES = [
  'text',
  'textarea',
  'multiple-choice',
  'multiple_choice',
  'single-choice',
  'checkbox',
  'dropdown',
  'rating',
  'number',
  'date',
  'email',
  'yes-no',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'is_empty',
  'is_not_empty',
  'greater_than',
  'less_than',
  'greater_equal',
  'less_equal',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** The operators the question editor offers; the renderer understands all ten. */
export const EDITOR_OPERATORS = ['equals', 'not_equals', 'contains', 'not_contains', 'greater_than', 'less_than'] as const;

export const CONDITION_ACTIONS = ['show', 'hide', 'skip'] as const;
export type ConditionAction = (typeof CONDITION_ACTIONS)[number];

/**
 * What a question's conditions do when none of them matches (or their questions are unanswered):
 * 'default', the specification's rule, leaves it shown; 'show-only-when' (our departure from the
 * specification, chosen per question) hides it. Absent means 'default', as in surveys stored
 * before the choice existed.
 */
export const CONDITION_MODES = ['default', 'show-only-when'] as const;
export type ConditionMode = (typeof CONDITION_MODES)[number];

export const DATE_FORMATS = ['date', 'datetime-local', 'time'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export interface Condition {
  id: string;
  targetQuestionId: string;
  operator: ConditionOperator;
  value: string;
  action?: ConditionAction;
}

export interface QuestionSettings {
  placeholder?: string;
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  step?: number;
  /** The editor's names for a number question's range (kept beside minValue/maxValue). */
  min?: number;
  max?: number;
  dateFormat?: DateFormat;
}

export interface Question {
  id: string;
  type: QuestionType;
  title: string;
  description: string;
  required: boolean;
  /** Id of the data type this answer fills, or null. */
  dataType: string | null;
  options: string[];
  conditions: Condition[];
  /** 'default' when absent; see CONDITION_MODES. */
  conditionMode?: ConditionMode;
  settings: QuestionSettings;
}

/** An answer: text, a number, or the chosen options of a multi-select question. */
export type Answer = string | number | string[];
export type Answers = Record<string, Answer | undefined>;

export const FONT_FAMILIES = ['Arial', 'Helvetica', 'Georgia', 'Times New Roman', 'Verdana', 'Courier New'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export const ALIGNMENTS = ['left', 'center', 'right'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

export interface SurveyTheme {
  primaryColor: string;
  secondaryColor: string;
  backgroundColor: string;
  textColor: string;
  buttonBackgroundColor: string;
  fontFamily: FontFamily;
  /** CSS length, '8px'. */
  borderRadius: string;
  titleAlignment: Alignment;
  questionAlignment: Alignment;
}

export interface SurveyLayout {
  width: string;
  maxWidth: string;
  padding: string;
}

export const VIEW_MODES = ['scroll', 'carousel'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export interface SurveyDisplay {
  viewMode: ViewMode;
  showProgress: boolean;
  allowBackNavigation: boolean;
}

export const LOGO_POSITIONS = ['top', 'center', 'left', 'right'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];
export const LOGO_FITS = ['contain', 'cover', 'fill', 'scale-down'] as const;
export type LogoFit = (typeof LOGO_FITS)[number];

export interface SurveyLogo {
  enabled: boolean;
  /** An https address, or a logo the BFF stores (/api/files/{id}); '' when none. */
  url: string;
  width: string;
  height: string;
  position: LogoPosition;
  margin: string;
  objectFit: LogoFit;
  borderRadius: string;
  /** 0.1 to 1. */
  opacity: number;
}

export interface SurveySettings {
  theme: SurveyTheme;
  layout: SurveyLayout;
  display: SurveyDisplay;
  logo: SurveyLogo;
}

export interface Survey {
  title: string;
  description: string;
  questions: Question[];
  settings: SurveySettings;
}

export const WIDGET_MODES = ['overlay', 'inline', 'button'] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];
export const BUTTON_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export type ButtonPosition = (typeof BUTTON_POSITIONS)[number];
export const BUTTON_FONT_SIZES = ['12px', '14px', '16px', '18px', '20px'] as const;

export interface ButtonStyle {
  text: string;
  backgroundColor: string;
  textColor: string;
  borderRadius: string;
  fontSize: string;
  padding: string;
  hoverColor: string;
}

export interface WidgetSettings {
  displayMode: WidgetMode;
  position: ButtonPosition;
  autoOpen: boolean;
  /** Seconds before an auto-open, 0 to 60. */
  delay: number;
  /** CSS selector of the host element for inline mode ('' puts it where the script is). */
  inlineTarget: string;
}

/** A published survey's styling (embedSettings.settings). */
export interface EmbedSettings extends SurveySettings {
  button: ButtonStyle;
  widget: WidgetSettings;
}

export const IDENTIFIER_TYPES = ['email', 'uuid', 'custom'] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];
export type IdentifierFields = Record<IdentifierType, string>;
export const IDENTIFIER_TYPE_LABELS: Record<IdentifierType, string> = { email: 'Email', uuid: 'UUID', custom: 'Custom' };

export const DEVICE_TARGETS = ['all', 'mobile-only', 'desktop-only'] as const;
export type DeviceTarget = (typeof DEVICE_TARGETS)[number];
/** 'sticky': a visitor's bucket is a hash of a stable visitor id and the survey id. */
export const PERCENTAGE_METHODS = ['random', 'session-based', 'sticky'] as const;
export type PercentageMethod = (typeof PERCENTAGE_METHODS)[number];
export const VISITOR_TYPES = ['all', 'new', 'returning'] as const;
export type VisitorType = (typeof VISITOR_TYPES)[number];
export const PAGE_MATCH_TYPES = ['contains', 'exact', 'starts-with', 'regex'] as const;
export type PageMatchType = (typeof PAGE_MATCH_TYPES)[number];

export interface TimeRules {
  enabled: boolean;
  /** YYYY-MM-DD or ''. */
  startDate: string;
  endDate: string;
  /** 0-6, Sunday = 0. */
  daysOfWeek: number[];
  timeOfDay: { start: string; end: string };
}

export interface BehaviorTriggers {
  enabled: boolean;
  /** Percent of the page, 0-100; 0 = not used. */
  scrollDepth: number;
  /** Seconds, >= 0; 0 = not used. */
  timeOnPage: number;
  exitIntent: boolean;
  /** CSS selector whose click shows the survey; '' = not used. */
  elementClick: string;
}

export interface UserSegmentation {
  enabled: boolean;
  visitorType: VisitorType;
  geography: string;
  /** Part of the referrer address to match; '' = any. */
  referrer: string;
}

export interface PageTargeting {
  enabled: boolean;
  urlPatterns: string[];
  matchType: PageMatchType;
}

/** What audience targeting points at: a company's saved audience view, or an audience category. */
export const AUDIENCE_TARGET_KINDS = ['view', 'category'] as const;
export type AudienceTargetKind = (typeof AUDIENCE_TARGET_KINDS)[number];

/**
 * Only visitors in the audience see the survey. The widget cannot know that by itself: it asks
 * the BFF whether the identified visitor belongs (POST /api/public/surveys/:id/audience-membership)
 * and hears yes or no, never the profile.
 */
export interface AudienceTargeting {
  enabled: boolean;
  kind: AudienceTargetKind;
  /** A saved view's id (kind 'view') or a category id (kind 'category'); '' while none is chosen. */
  id: string;
}

/** GET /api/surveys/published/:id/audience-targets: what the survey's company can target. */
export interface AudienceTargetOptions {
  views: Array<{ id: string; name: string }>;
  categories: Array<{ id: string; name: string }>;
}

/** POST /api/public/surveys/:id/audience-membership answer: nothing but yes or no. */
export interface AudienceMembership {
  member: boolean;
}

export interface DisplayTriggers {
  useCustomIdentifiers: boolean;
  overrideReason: string;
  requireIdentifier: boolean;
  identifierTypes: IdentifierType[];
  identifierFields: IdentifierFields;
  deviceTarget: DeviceTarget;
  /** 1-100. */
  showPercentage: number;
  percentageMethod: PercentageMethod;
  /** Visitors kept out and recorded, never shown: 0-50 percent. */
  holdoutPercentage: number;
  /** Days a visitor is not shown this survey again after a show or a completion; 0 = no cooldown. */
  cooldownDays: number;
  /**
   * Off (the default): a visitor who completed the survey in this browser is not offered it again.
   * On: offered again, as the cooldown and the other rules allow (a recurring check-in).
   */
  showAfterCompletion: boolean;
  timeRules: TimeRules;
  behaviorTriggers: BehaviorTriggers;
  userSegmentation: UserSegmentation;
  pageTargeting: PageTargeting;
  audienceTargeting: AudienceTargeting;
}

export const END_CONDITION_TYPES = ['date', 'days', 'responses'] as const;
export type EndConditionType = (typeof END_CONDITION_TYPES)[number];
/** date: 'YYYY-MM-DD' (the end of that day, UTC); days and responses: a positive whole number. */
export interface EndCondition {
  type: EndConditionType;
  value: string | number;
}

export const SURVEY_STATUSES = ['active', 'inactive'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

export interface SurveyDraftSummary {
  id: string;
  name: string;
  companyId: string;
  questionCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface SurveyDraft extends SurveyDraftSummary {
  survey: Survey;
}

export interface PublishedSurvey {
  id: string;
  name: string;
  companyId: string;
  companyName: string | null;
  /** Effective status: an ended survey is 'inactive' whatever was stored. */
  status: SurveyStatus;
  publishedAt: string | null;
  updatedAt: string;
  /** When the survey was last started (days are counted from here). */
  startedAt: string | null;
  responseCount: number;
  endCondition: EndCondition | null;
  survey: Survey;
  embedSettings: { settings: EmbedSettings };
  display_triggers: DisplayTriggers;
}

export interface SavedTheme {
  id: string;
  name: string;
  settings: { theme: SurveyTheme; logo: SurveyLogo };
  createdAt: string;
}

export interface GlobalIdentifierSettings {
  requireIdentifier: boolean;
  identifierTypes: IdentifierType[];
  identifierFields: IdentifierFields;
  allowSurveyOverride: boolean;
  overrideWarning: string;
  requireOverrideReason: boolean;
  allowedOverrideTypes: IdentifierType[];
}

export interface OverrideLog {
  id: string;
  /** null once the survey has been deleted: the log itself is kept. */
  surveyId: string | null;
  surveyName: string;
  userId: string;
  userName: string;
  companyId: string;
  companyName: string | null;
  timestamp: string;
  globalSettings: GlobalIdentifierSettings;
  customSettings: Pick<DisplayTriggers, 'requireIdentifier' | 'identifierTypes' | 'identifierFields'>;
  overrideReason: string;
}
