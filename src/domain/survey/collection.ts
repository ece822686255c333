/**
 * What the embeddable widget, the public collection API and the results screens exchange: the
 * company's public survey bundle, responses, completion triggers, collection settings, analytics
 * and the CSV export's shape. Pure and small: the widget's loader imports the types and
 * `stickyBucket`, the BFF and the dashboard the rest.
 */
import type { Answer, DisplayTriggers, Question, EmbedSettings, GlobalIdentifierSettings, IdentifierFields, IdentifierType, Survey } from './types';

export const DEVICE_TYPES = ['mobile', 'desktop', 'tablet'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const TRIGGER_TYPES = ['none', 'event', 'callback', 'redirect', 'webhook'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** The Survey Completion Triggers form (data document, section 3). */
export interface TriggerSettings {
  triggerType: TriggerType;
  /** A global function name the widget calls with the completion data. */
  callbackName: string;
  redirectUrl: string;
  /** Where the server POSTs completions (Standard Webhooks); never sent to the widget. */
  webhookUrl: string;
}

export const DEFAULT_TRIGGER_SETTINGS: TriggerSettings = { triggerType: 'none', callbackName: '', redirectUrl: '', webhookUrl: '' };

/** GET/PUT /api/companies/:id/trigger-settings answer. */
export interface TriggerSettingsView {
  triggerSettings: TriggerSettings;
  /** The signing secret's first characters ('whsec_AbCd…'), or null before one is made. */
  webhookSecretHint: string | null;
  /** The whole secret, only in the answer that created or rotated it: shown once. */
  webhookSecret?: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One completion webhook and its attempts, as the delivery log shows it. */
export interface WebhookDelivery {
  id: string;
  surveyId: string | null;
  surveyName: string;
  responseId: string | null;
  url: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** How a respondent's address is kept (privacy by default: truncated). */
export const IP_ADDRESS_MODES = ['truncated', 'hashed', 'full', 'none'] as const;
export type IpAddressMode = (typeof IP_ADDRESS_MODES)[number];

/** A company's response-collection settings (GET/PUT /api/companies/:id/collection-settings). */
export interface CollectionSettings {
  ipAddressMode: IpAddressMode;
  /** Days a visitor sees no survey of the company again after a show or a completion; 0 = none. */
  cooldownDays: number;
}

export const DEFAULT_COLLECTION_SETTINGS: CollectionSettings = { ipAddressMode: 'truncated', cooldownDays: 0 };

/** The identifier rule a survey applies: the company's, or the survey's override when allowed. */
export interface IdentifierRule {
  requireIdentifier: boolean;
  identifierTypes: IdentifierType[];
  identifierFields: IdentifierFields;
}

export function effectiveIdentifierRule(global: GlobalIdentifierSettings, triggers: DisplayTriggers): IdentifierRule {
  if (triggers.useCustomIdentifiers && global.allowSurveyOverride) {
    return {
      requireIdentifier: triggers.requireIdentifier,
      identifierTypes: triggers.identifierTypes.filter((type) => global.allowedOverrideTypes.includes(type)),
      identifierFields: triggers.identifierFields,
    };
  }
  return { requireIdentifier: global.requireIdentifier, identifierTypes: global.identifierTypes, identifierFields: global.identifierFields };
}

/** One active survey as the widget receives it. */
export interface PublicSurvey {
  id: string;
  name: string;
  updatedAt: string;
  survey: Survey;
  embedSettings: EmbedSettings;
  displayTriggers: DisplayTriggers;
  /** effectiveIdentifierRule, worked out by the server. */
  identifierRule: IdentifierRule;
}

/** GET /api/public/companies/:companyId/surveys: everything the loader needs, nothing private. */
export interface PublicSurveyBundle {
  companyId: string;
  surveys: PublicSurvey[];
  trigger: Pick<TriggerSettings, 'triggerType' | 'callbackName' | 'redirectUrl'>;
  cooldownDays: number;
}

export type DisplayOutcome = 'shown' | 'holdout';

/** POST /api/public/surveys/:id/displays body. */
export interface DisplayInput {
  visitorId: string;
  outcome: DisplayOutcome;
}

/** POST /api/public/surveys/:id/responses body (and, without visitor data, the PATCH body). */
export interface ResponseInput {
  visitorId?: string;
  answers: Record<string, Answer>;
  /** Identifier field name → value, as read from the host page. */
  identifiers?: Record<string, string>;
  deviceType?: DeviceType;
  pageUrl?: string;
  /**
   * When the visitor first saw (or first answered) the survey, on the page's clock (ISO 8601 with
   * its zone). Only the first POST carries it; without it the response starts when it is received.
   */
  startedAt?: string;
  /** When the page sent this body, on the same clock: lets the server read startedAt on its own clock. */
  sentAt?: string;
  complete: boolean;
}

/** Whole seconds from a response's start to its completion, never below 0. */
export const completionSeconds = (startedAt: Date, completedAt: Date) => Math.max(0, Math.floor((completedAt.getTime() - startedAt.getTime()) / 1000));

/** PATCH /api/public/responses/:id body: further answers (merged), completion. */
export interface ResponseUpdate {
  token: string;
  answers: Record<string, Answer>;
  complete: boolean;
}

/** The answer to a started response: keep the token to continue it. */
export interface StartedResponse {
  id: string;
  token: string;
  isComplete: boolean;
}

/** A stored response (data document, section 3), as the results screens read it. */
export interface SurveyResponse {
  id: string;
  ip_address: string | null;
  device_type: DeviceType;
  user_agent: string | null;
  started_at: string;
  completed_at: string | null;
  completion_time_seconds: number | null;
  is_complete: boolean;
  created_at: string;
  /** Question id → answer; arrays for multi-select. */
  responses: Record<string, Answer>;
  identifiers: Record<string, string>;
}

export interface Pagination {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface ResponsePage {
  responses: SurveyResponse[];
  pagination: Pagination;
}

export const RESULTS_PAGE_SIZE = 20;
export const RESULTS_MAX_PAGE_SIZE = 100;
export const TREND_DAYS = 7;
export const MOST_ENGAGED_USERS = 5;

/** GET /api/surveys/:id/responses query (all optional). */
export interface ResponseFilters {
  page?: number;
  limit?: number;
  deviceType?: DeviceType;
  /** YYYY-MM-DD, inclusive, UTC. */
  dateFrom?: string;
  dateTo?: string;
  completed?: boolean;
  search?: string;
}

export interface SurveyAnalytics {
  /** Every response started, completed or not (LiveIQ's cards count the completed ones). */
  totalResponses: number;
  completedResponses: number;
  /** Percent 0-100 of responses completed, one decimal. */
  completionRate: number;
  /** The last 7 days, oldest first, UTC dates. */
  dailyTrends: Array<{ date: string; responses: number }>;
  /** Percent 0-100 per device, one decimal. */
  deviceAnalytics: Record<DeviceType, number>;
  /** Seconds, over completed responses; 0 when none. */
  averageCompletionTime: number;
  fastestResponse: number;
  longestResponse: number;
}

export interface UserEngagement {
  ip_address: string;
  response_count: number;
  device_types: DeviceType[];
  avg_completion_time: number;
}

export interface UserAnalytics {
  uniqueUsers: number;
  returningUsers: number;
  userEngagement: UserEngagement[];
}

export const QUESTION_ANSWER_FILTERS = ['all', 'completed', 'incomplete', 'today', 'week'] as const;
export type QuestionAnswerFilter = (typeof QUESTION_ANSWER_FILTERS)[number];
export const QUESTION_ANSWER_FILTER_LABELS: Record<QuestionAnswerFilter, string> = {
  all: 'All',
  completed: 'Completed',
  incomplete: 'Incomplete',
  today: 'Today',
  week: 'This week',
};

/** GET /api/surveys/:id/questions/:questionId/answers: one question's answers, newest first. */
export interface QuestionAnswers {
  questionId: string;
  answers: Array<{ responseId: string; answer: Answer; is_complete: boolean; device_type: DeviceType; created_at: string }>;
  /** Choice counts for choice, yes/no and rating questions (every option, even unchosen); else []. */
  counts: Array<{ value: string; count: number }>;
  /** Mean of numeric answers (number, rating), else null. */
  average: number | null;
  pagination: Pagination;
}

/** One active survey on the company embed screen (GET /api/companies/:id/surveys/active). */
export interface ActiveSurveySummary {
  id: string;
  name: string;
  survey: Survey;
  questionCount: number;
  /** Whether its styling differs from the defaults ('custom styling applied' or 'default'). */
  customStyling: boolean;
}

/**
 * The sticky-sampling bucket of a visitor for a survey: 0 to 99.99, the same on every visit
 * (FNV-1a over "visitorId:surveyId"). "30 %" shows to buckets below 30.
 */
export function stickyBucket(visitorId: string, surveyId: string): number {
  const text = `${visitorId}:${surveyId}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % 10_000) / 100;
}

/** The CSV file name: the survey name lower-cased, non-alphanumerics as '_', '_responses_', the date. */
export function responsesCsvFileName(surveyName: string, date: Date): string {
  return `${surveyName.toLowerCase().replace(/[^a-z0-9]/g, '_')}_responses_${date.toISOString().slice(0, 10)}.csv`;
}

export const RESPONSE_CSV_COLUMNS = [
  'Response ID',
  'IP Address',
  'Device Type',
  'User Agent',
  'Started At',
  'Completed At',
  'Completion Time (seconds)',
  'Is Complete',
  'Created At',
] as const;

/** A multi-select answer in one cell. */
export function answerCell(answer: Answer | undefined): string {
  if (answer === undefined) return '';
  return Array.isArray(answer) ? answer.join('; ') : String(answer);
}

/** GET /api/companies/:id/embed-code: what the generated snippet names (the server's PUBLIC_URL). */
export interface EmbedCodeInfo {
  companyId: string;
  companyName: string;
  /** PUBLIC_URL + '/widget/navout.js'. */
  scriptUrl: string;
  /** PUBLIC_URL: where the widget calls /api/public/*. */
  apiBase: string;
}

/** A response's cells in the export's order: RESPONSE_CSV_COLUMNS, then one per question. */
export function responseCells(response: SurveyResponse, questions: readonly Question[]): string[] {
  return [
    response.id,
    response.ip_address ?? '',
    response.device_type,
    response.user_agent ?? '',
    response.started_at,
    response.completed_at ?? '',
    response.completion_time_seconds === null ? '' : String(response.completion_time_seconds),
    response.is_complete ? 'Yes' : 'No',
    response.created_at,
    ...questions.map((question) => answerCell(response.responses[question.id])),
  ];
}
