/**
 * Collected responses and the company embed settings for the stories and tests of the embed and
 * results screens, and the in-memory routes that answer for them (filtering, paging, analytics,
 * per-question answers, the streamed CSV export) the way the contract in
 * src/domain/survey/collection.ts describes. Responses are generated from a fixed seed: the same
 * answers on every run, dated relative to the moment the stories load.
 */
import { randomSource } from '@domain/random';
import type { Company } from '@domain/auth/types';
import { neutraliseFormula } from '@domain/csv';
import {
  answerCell,
  DEVICE_TYPES,
  MOST_ENGAGED_USERS,
  RESPONSE_CSV_COLUMNS,
  RESULTS_MAX_PAGE_SIZE,
  RESULTS_PAGE_SIZE,
  responsesCsvFileName,
  TREND_DAYS,
  type ActiveSurveySummary,
  type CollectionSettings,
  type DeviceType,
  type EmbedCodeInfo,
  type Pagination,
  type QuestionAnswerFilter,
  type QuestionAnswers,
  type SurveyAnalytics,
  type SurveyResponse,
  type TriggerSettings,
  type TriggerSettingsView,
  type UserAnalytics,
  type WebhookDelivery,
  responseCells,
} from '@domain/survey/collection';
import { collectionSettingsBodySchema, triggerSettingsBodySchemaFor } from '@domain/survey/collectionSchemas';
import { ratingMax } from '@domain/survey/answers';
import { CHOICE_TYPES, defaultEmbedSettings, MULTI_SELECT_TYPES } from '@domain/survey/defaults';
import { answersOfVisible, isEmptyAnswer, visibleQuestionIds } from '@domain/survey/visibility';
import type { Answer, PublishedSurvey, Question } from '@domain/survey/types';
import { failure, type MockAnswer, type PatternRoute } from '@/lib/testing/mockFetch';

const DAY_MS = 86_400_000;
const LOADED_AT = Date.now();


type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
/** A choice by weight: [item, weight] pairs. */
function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1][0];
}

const FIRST_NAMES = ['Maya', 'Jonas', 'Priya', 'Tom', 'Lena', 'Omar', 'Sofia', 'Noah', 'Aisha', 'Lucas', 'Emma', 'Ravi'];
const COMMENTS = [
  'The queue at the tills was far too long on Saturday.',
  'Staff were friendly but the garden section was hard to find.',
  'Some shelves were empty, especially seeds and bulbs.',
  'Parking was a nightmare, otherwise fine.',
  'Prices went up since my last visit.',
  'Could not find anyone to help me choose a planter.',
  'The self-checkout kept failing on discounted items.',
  'More vegan options in the café, please!',
];
const STORIES = [
  'A small balcony with herbs and tomatoes.',
  'We are turning the back lawn into a vegetable patch this year.',
  'Mostly roses, and a pond my kids love.',
  'Shared allotment with my neighbours, lots of squash.',
  'Just starting out: a few pots on the windowsill.',
];

const USER_AGENTS: Record<DeviceType, readonly string[]> = {
  mobile: [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Mobile Safari/537.36',
  ],
  desktop: [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15',
    'Mozilla/5.0 (X11; Linux x86_64; rv:134.0) Gecko/20100101 Firefox/134.0',
  ],
  tablet: ['Mozilla/5.0 (iPad; CPU OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1'],
};

function answerFor(question: Question, random: Random, person: { name: string; email: string }, dayMs: number): Answer | undefined {
  // Optional questions are skipped now and then, as real respondents do.
  if (!question.required && random() < 0.15) return undefined;
  if (MULTI_SELECT_TYPES.includes(question.type)) {
    const chosen = question.options.filter(() => random() < 0.4);
    return chosen.length ? chosen : [pick(random, question.options)];
  }
  switch (question.type) {
    case 'rating': {
      const max = ratingMax(question);
      return weighted(random, Array.from({ length: max }, (_, index) => [index + 1, [1, 2, 4, 9, 8][index] ?? 5] as const));
    }
    case 'number':
      return Math.round(random() * 8);
    case 'yes-no':
      return random() < 0.78 ? 'yes' : 'no';
    case 'email':
      return person.email;
    case 'date':
      return new Date(dayMs - Math.floor(random() * 60) * DAY_MS).toISOString().slice(0, 10);
    case 'text':
      return person.name;
    case 'textarea':
      return question.id.includes('story') ? pick(random, STORIES) : pick(random, COMMENTS);
    default:
      return CHOICE_TYPES.includes(question.type) && question.options.length ? pick(random, question.options) : undefined;
  }
}

export interface ResponseGeneration {
  count: number;
  seed: number;
  /** Days before now the newest and the oldest responses were given. */
  newestDaysAgo?: number;
  spreadDays: number;
}

/**
 * `count` responses to a survey, newest first: a fifth left unfinished, answers only to the
 * questions the respondent saw (conditions apply), visitors returning now and then from the same
 * (truncated) address.
 */
export function generateResponses(survey: PublishedSurvey, { count, seed, newestDaysAgo = 0, spreadDays }: ResponseGeneration): SurveyResponse[] {
  const random = randomSource(seed);
  const visitors = Array.from({ length: Math.max(3, Math.round(count * 0.7)) }, (_, index) => {
    const name = FIRST_NAMES[index % FIRST_NAMES.length];
    return {
      ip: `${24 + Math.floor(random() * 190)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.0`,
      name,
      email: `${name.toLowerCase()}.${(index + 11).toString(36)}@mail.example`,
    };
  });
  const newest = LOADED_AT - newestDaysAgo * DAY_MS;
  const responses = Array.from({ length: count }, (_, index): SurveyResponse => {
    const visitor = pick(random, visitors);
    const device = weighted(random, [['mobile', 55], ['desktop', 35], ['tablet', 10]] as const);
    const started = newest - Math.floor(random() * spreadDays * DAY_MS);
    const complete = random() < 0.8;
    const answers: Record<string, Answer> = {};
    for (const question of survey.survey.questions) {
      if (!visibleQuestionIds(survey.survey.questions, answers).has(question.id)) continue;
      const answer = answerFor(question, random, visitor, started);
      if (answer !== undefined) answers[question.id] = answer;
    }
    let kept = answersOfVisible(survey.survey.questions, answers) as Record<string, Answer>;
    if (!complete) {
      // An unfinished response keeps the answers given before the respondent left.
      const answered = Object.keys(kept);
      kept = Object.fromEntries(answered.slice(0, Math.floor(random() * answered.length)).map((id) => [id, kept[id]]));
    }
    const seconds = complete ? 35 + Math.floor(random() * 260) : null;
    const startedAt = new Date(started).toISOString();
    return {
      id: `d2a1${seed.toString(16).padStart(4, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
      ip_address: visitor.ip,
      device_type: device,
      user_agent: pick(random, USER_AGENTS[device]),
      started_at: startedAt,
      completed_at: seconds === null ? null : new Date(started + seconds * 1_000).toISOString(),
      completion_time_seconds: seconds,
      is_complete: complete,
      created_at: startedAt,
      responses: kept,
      identifiers: random() < 0.6 ? { user_email: visitor.email } : {},
    };
  });
  return responses.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export const EMBED_ORIGIN = 'https://app.navout.example';

export function embedCodeOf(company: Pick<Company, 'id' | 'name'>): EmbedCodeInfo {
  return { companyId: company.id, companyName: company.name, scriptUrl: `${EMBED_ORIGIN}/widget/navout.js`, apiBase: EMBED_ORIGIN };
}

export const ACME_WEBHOOK_URL = 'https://hooks.acme.example/navout/survey-completed';

/** Acme posts completions to its CRM: a webhook with a secret made weeks ago. */
export const ACME_TRIGGERS: TriggerSettingsView = {
  triggerSettings: { triggerType: 'webhook', callbackName: '', redirectUrl: '', webhookUrl: ACME_WEBHOOK_URL },
  webhookSecretHint: 'whsec_Q2x9…',
};

export const ACME_COLLECTION: CollectionSettings = { ipAddressMode: 'truncated', cooldownDays: 14 };

function delivery(index: number, survey: PublishedSurvey, details: Partial<WebhookDelivery>): WebhookDelivery {
  const createdAt = new Date(LOADED_AT - index * 47 * 60_000).toISOString();
  return {
    id: `b7e0c1a2-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
    surveyId: survey.id,
    surveyName: survey.name,
    responseId: `d2a10001-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
    url: ACME_WEBHOOK_URL,
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    nextAttemptAt: null,
    deliveredAt: createdAt,
    createdAt,
    ...details,
  };
}

/** The newest deliveries first: one still being retried, one given up, the rest delivered. */
export function deliveriesFor(surveys: readonly PublishedSurvey[]): WebhookDelivery[] {
  const [first, second = first] = surveys;
  if (!first) return [];
  return [
    delivery(0, first, {
      status: 'pending',
      attempts: 2,
      lastStatusCode: 503,
      lastError: 'Service Unavailable',
      deliveredAt: null,
      nextAttemptAt: new Date(LOADED_AT + 5 * 60_000).toISOString(),
    }),
    delivery(1, first, {}),
    delivery(2, second, {}),
    delivery(3, first, {
      status: 'failed',
      attempts: 5,
      lastStatusCode: null,
      lastError: 'Connection timed out after 10 s',
      deliveredAt: null,
    }),
    delivery(4, second, { attempts: 2 }),
    delivery(5, first, {}),
  ];
}

// ----- what the results routes work out -----

const round1 = (value: number) => Math.round(value * 10) / 10;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function analyticsOf(responses: readonly SurveyResponse[], now = LOADED_AT): SurveyAnalytics {
  const total = responses.length;
  const completed = responses.filter((response) => response.is_complete);
  const times = completed.map((response) => response.completion_time_seconds ?? 0);
  const dailyTrends = Array.from({ length: TREND_DAYS }, (_, index) => {
    const date = utcDay(now - (TREND_DAYS - 1 - index) * DAY_MS);
    return { date, responses: responses.filter((response) => response.created_at.startsWith(date)).length };
  });
  const deviceAnalytics = Object.fromEntries(
    DEVICE_TYPES.map((device) => [device, total ? round1((responses.filter((r) => r.device_type === device).length / total) * 100) : 0]),
  ) as Record<DeviceType, number>;
  return {
    totalResponses: total,
    completedResponses: completed.length,
    completionRate: total ? round1((completed.length / total) * 100) : 0,
    dailyTrends,
    deviceAnalytics,
    averageCompletionTime: times.length ? Math.round(times.reduce((sum, time) => sum + time, 0) / times.length) : 0,
    fastestResponse: times.length ? Math.min(...times) : 0,
    longestResponse: times.length ? Math.max(...times) : 0,
  };
}

export function userAnalyticsOf(responses: readonly SurveyResponse[]): UserAnalytics {
  const byAddress = new Map<string, SurveyResponse[]>();
  for (const response of responses) {
    if (!response.ip_address) continue;
    byAddress.set(response.ip_address, [...(byAddress.get(response.ip_address) ?? []), response]);
  }
  const engagement = [...byAddress].map(([ip, own]) => {
    const times = own.filter((response) => response.completion_time_seconds !== null).map((response) => response.completion_time_seconds ?? 0);
    return {
      ip_address: ip,
      response_count: own.length,
      device_types: DEVICE_TYPES.filter((device) => own.some((response) => response.device_type === device)),
      avg_completion_time: times.length ? Math.round(times.reduce((sum, time) => sum + time, 0) / times.length) : 0,
    };
  });
  return {
    uniqueUsers: byAddress.size,
    returningUsers: engagement.filter((user) => user.response_count > 1).length,
    userEngagement: engagement.sort((a, b) => b.response_count - a.response_count || a.ip_address.localeCompare(b.ip_address)).slice(0, MOST_ENGAGED_USERS),
  };
}

/** The responses a filter query keeps (the query of GET /api/surveys/:id/responses and of the export). */
export function filterResponses(responses: readonly SurveyResponse[], query: Record<string, string>): SurveyResponse[] {
  const search = query.search?.trim().toLowerCase();
  return responses.filter((response) => {
    if (query.deviceType && response.device_type !== query.deviceType) return false;
    if (query.completed && String(response.is_complete) !== query.completed) return false;
    const day = response.created_at.slice(0, 10);
    if (query.dateFrom && day < query.dateFrom) return false;
    if (query.dateTo && day > query.dateTo) return false;
    if (search) {
      const text = [response.ip_address ?? '', ...Object.values(response.identifiers), ...Object.values(response.responses).map(answerCell)]
        .join(' ')
        .toLowerCase();
      if (!text.includes(search)) return false;
    }
    return true;
  });
}

function pageOf(query: Record<string, string>, total: number): Pagination {
  const limit = Math.min(Math.max(Number(query.limit) || RESULTS_PAGE_SIZE, 1), RESULTS_MAX_PAGE_SIZE);
  const page = Math.max(Number(query.page) || 1, 1);
  return { total, page, limit, totalPages: Math.ceil(total / limit) };
}

const slice = <T>(items: readonly T[], { page, limit }: Pagination) => items.slice((page - 1) * limit, page * limit);

/** The value list a choice-like question's counts run over, or null when it has none. */
function countedValues(question: Question): string[] | null {
  if (question.type === 'rating') return Array.from({ length: ratingMax(question) }, (_, index) => String(index + 1));
  if (question.type === 'yes-no') return ['yes', 'no'];
  if (CHOICE_TYPES.includes(question.type) || MULTI_SELECT_TYPES.includes(question.type)) return [...question.options];
  return null;
}

export function questionAnswersOf(
  responses: readonly SurveyResponse[],
  question: Question,
  query: Record<string, string>,
  now = LOADED_AT,
): QuestionAnswers {
  const filter = (query.filter ?? 'all') as QuestionAnswerFilter;
  const today = utcDay(now);
  const weekStart = now - TREND_DAYS * DAY_MS;
  const kept = responses.filter((response) => {
    if (isEmptyAnswer(response.responses[question.id])) return false;
    if (filter === 'completed') return response.is_complete;
    if (filter === 'incomplete') return !response.is_complete;
    if (filter === 'today') return response.created_at.startsWith(today);
    if (filter === 'week') return Date.parse(response.created_at) >= weekStart;
    return true;
  });
  const answers = kept.map((response) => ({
    responseId: response.id,
    answer: response.responses[question.id],
    is_complete: response.is_complete,
    device_type: response.device_type,
    created_at: response.created_at,
  }));
  const values = countedValues(question);
  const counts = values
    ? values.map((value) => ({
        value,
        count: answers.filter(({ answer }) => (Array.isArray(answer) ? answer.includes(value) : String(answer) === value)).length,
      }))
    : [];
  const numeric = question.type === 'number' || question.type === 'rating' ? answers.map(({ answer }) => Number(answer)).filter(Number.isFinite) : [];
  const pagination = pageOf(query, answers.length);
  return {
    questionId: question.id,
    answers: slice(answers, pagination),
    counts,
    average: numeric.length ? round1(numeric.reduce((sum, value) => sum + value, 0) / numeric.length) : null,
    pagination,
  };
}

const csvCell = (value: string) => {
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The export's lines, header first, each ending in CRLF. */
export function csvLines(survey: PublishedSurvey, responses: readonly SurveyResponse[]): string[] {
  const questions = survey.survey.questions;
  const header = [...RESPONSE_CSV_COLUMNS, ...questions.map((question) => `Q: ${question.title}`)];
  const rows = responses.map((response) => responseCells(response, questions));
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`);
}

/** Export rows requested at most (data document, section 9: page 1 with limit 10000). */
export const EXPORT_ROW_LIMIT = 10_000;

export interface CollectionRouteState {
  surveys: PublishedSurvey[];
  companies: readonly Pick<Company, 'id' | 'name'>[];
  responses: Record<string, SurveyResponse[]>;
  triggers: TriggerSettingsView;
  deliveries: WebhookDelivery[];
  collection: CollectionSettings;
}

const clone = <T>(value: T): T => structuredClone(value);

const invalid = (error: unknown): MockAnswer => {
  const { path, message } = error as { path?: string; message: string };
  return failure('validation_failed', { message, fields: path ? { [path]: message } : undefined });
};

/** Whether a survey's styling differs from the defaults for its survey settings. */
const hasCustomStyling = (survey: PublishedSurvey) =>
  JSON.stringify(survey.embedSettings.settings) !== JSON.stringify(defaultEmbedSettings(survey.survey.settings));

/** A secret as the server would make one: 'whsec_' and base64 of 24 random bytes. */
function newSecret(counter: number): string {
  const random = randomSource(0x5ec7e7 + counter);
  const bytes = Uint8Array.from({ length: 24 }, () => Math.floor(random() * 256));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** The routes of the embed screen and of InsightIQ, answering from `state` (writes change it). */
export function collectionRoutes(state: CollectionRouteState): PatternRoute[] {
  let secretsMade = 0;
  const company = (id: string) => state.companies.find((entry) => entry.id === id);
  const survey = (id: string) => state.surveys.find((entry) => entry.id === id);
  const companyNotFound = () => failure('not_found', { message: 'Company not found' });
  const surveyNotFound = () => failure('not_found', { message: 'Survey not found' });
  const responsesOf = (id: string) => state.responses[id] ?? [];
  const withCompany = (handler: (id: string) => MockAnswer) => (_call: unknown, [id]: string[]) => (company(id) ? handler(id) : companyNotFound());
  const withSurvey = (handler: (found: PublishedSurvey) => MockAnswer) => (_call: unknown, [id]: string[]) => {
    const found = survey(id);
    return found ? handler(found) : surveyNotFound();
  };
  const secretView = (): TriggerSettingsView => {
    secretsMade += 1;
    const webhookSecret = newSecret(secretsMade);
    state.triggers = { ...state.triggers, webhookSecretHint: `${webhookSecret.slice(0, 10)}…` };
    return { ...clone(state.triggers), webhookSecret };
  };

  return [
    ['GET', /^\/api\/companies\/([^/]+)\/embed-code$/, (_call, [id]) => (company(id) ? { body: embedCodeOf(company(id)!) } : companyNotFound())],
    [
      'GET',
      /^\/api\/companies\/([^/]+)\/surveys\/active$/,
      withCompany((id) => ({
        body: state.surveys
          .filter((entry) => entry.companyId === id && entry.status === 'active')
          .map(
            (entry): ActiveSurveySummary => ({
              id: entry.id,
              name: entry.name,
              survey: clone(entry.survey),
              questionCount: entry.survey.questions.length,
              customStyling: hasCustomStyling(entry),
            }),
          ),
      })),
    ],
    ['GET', /^\/api\/companies\/([^/]+)\/trigger-settings$/, withCompany(() => ({ body: clone(state.triggers) }))],
    [
      'PUT',
      /^\/api\/companies\/([^/]+)\/trigger-settings$/,
      (call, [id]) => {
        if (!company(id)) return companyNotFound();
        let triggerSettings: TriggerSettings;
        try {
          ({ triggerSettings } = triggerSettingsBodySchemaFor().validateSync(call.body));
        } catch (error) {
          return invalid(error);
        }
        state.triggers = { ...state.triggers, triggerSettings };
        // The first webhook of a company gets its secret with the save that chose it.
        if (triggerSettings.triggerType === 'webhook' && !state.triggers.webhookSecretHint) return { body: secretView() };
        return { body: clone(state.triggers) };
      },
    ],
    ['POST', /^\/api\/companies\/([^/]+)\/trigger-settings\/webhook-secret$/, withCompany(() => ({ body: secretView() }))],
    ['GET', /^\/api\/companies\/([^/]+)\/webhook-deliveries$/, withCompany(() => ({ body: clone(state.deliveries) }))],
    ['GET', /^\/api\/companies\/([^/]+)\/collection-settings$/, withCompany(() => ({ body: clone(state.collection) }))],
    [
      'PUT',
      /^\/api\/companies\/([^/]+)\/collection-settings$/,
      (call, [id]) => {
        if (!company(id)) return companyNotFound();
        try {
          state.collection = collectionSettingsBodySchema.validateSync(call.body).collectionSettings;
        } catch (error) {
          return invalid(error);
        }
        return { body: clone(state.collection) };
      },
    ],
    ['GET', /^\/api\/surveys\/([^/]+)\/analytics$/, withSurvey((found) => ({ body: analyticsOf(responsesOf(found.id)) }))],
    ['GET', /^\/api\/surveys\/([^/]+)\/user-analytics$/, withSurvey((found) => ({ body: userAnalyticsOf(responsesOf(found.id)) }))],
    [
      'GET',
      /^\/api\/surveys\/([^/]+)\/responses$/,
      (call, [id]) => {
        if (!survey(id)) return surveyNotFound();
        const kept = filterResponses(responsesOf(id), call.query);
        const pagination = pageOf(call.query, kept.length);
        return { body: { responses: clone(slice(kept, pagination)), pagination } };
      },
    ],
    [
      'GET',
      /^\/api\/surveys\/([^/]+)\/responses\/export$/,
      (call, [id]) => {
        const found = survey(id);
        if (!found) return surveyNotFound();
        const kept = filterResponses(responsesOf(id), call.query).slice(0, EXPORT_ROW_LIMIT);
        const lines = csvLines(found, kept);
        // Sent in several pieces, as the server streams them, so progress moves.
        const pieces: string[] = [];
        for (let index = 0; index < lines.length; index += 7) pieces.push(lines.slice(index, index + 7).join(''));
        return {
          text: pieces,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="${responsesCsvFileName(found.name, new Date())}"`,
            'X-Total-Count': String(kept.length),
          },
        };
      },
    ],
    [
      'GET',
      /^\/api\/surveys\/([^/]+)\/questions\/([^/]+)\/answers$/,
      (call, [id, questionId]) => {
        const found = survey(id);
        if (!found) return surveyNotFound();
        const question = found.survey.questions.find((entry) => entry.id === questionId);
        if (!question) return failure('not_found', { message: 'Question not found' });
        return { body: questionAnswersOf(responsesOf(id), question, call.query) };
      },
    ],
  ];
}
