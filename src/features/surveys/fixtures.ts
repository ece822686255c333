/**
 * Surveys, published surveys, saved themes and company identifier settings for the stories of
 * this feature, and an in-memory stand-in for the published-survey routes. Dates are relative to
 * the moment the stories load, so ages and end conditions read the same on every day. The
 * companies and sessions are those of src/lib/testing, so every screen signs in as the same people.
 */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import {
  DEFAULT_GLOBAL_IDENTIFIERS,
  DEFAULT_LOGO,
  DEFAULT_THEME,
  defaultDisplayTriggers,
  defaultEmbedSettings,
  defaultSurveySettings,
} from '@domain/survey/defaults';
import type { CollectionSettings, SurveyResponse, TriggerSettingsView, WebhookDelivery } from '@domain/survey/collection';
import { CATEGORY_IDS, CATEGORY_NAMES } from '@domain/audience/contract';
import { isoDay } from '@domain/survey/lifecycle';
import { globalIdentifiersBodySchema } from '@domain/survey/schemas';
import type {
  AudienceTargetOptions,
  DisplayTriggers,
  EmbedSettings,
  GlobalIdentifierSettings,
  OverrideLog,
  PublishedSurvey,
  Question,
  SavedTheme,
  Survey,
  SurveyDraft,
  SurveyStatus,
} from '@domain/survey/types';
import { NotificationsProvider } from '@/lib/notifications';
import { ALL_COMPANIES, type Session } from '@/lib/session';
import { SESSIONS } from '@/lib/testing/fixtures';
import { failure, patternRoutes, type MockAnswer, type MockCall, type MockRoutes, type PatternRoute } from '@/lib/testing/mockFetch';
import { acmeCompany, globexCompany, sampleCompanies, SessionFixture } from '@/lib/testing/sessions';
import { ACME_COLLECTION, ACME_TRIGGERS, collectionRoutes, deliveriesFor, generateResponses } from './collectionFixtures';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const LOADED_AT = Date.now();
const ago = (ms: number) => new Date(LOADED_AT - ms).toISOString();
const dayFromNow = (days: number) => isoDay(new Date(LOADED_AT + days * DAY_MS));

function question(id: string, type: Question['type'], title: string, details: Partial<Question> = {}): Question {
  return {
    id,
    type,
    title,
    description: '',
    required: false,
    dataType: null,
    options: [],
    conditions: [],
    settings: {},
    ...details,
  };
}

/** A short customer-satisfaction survey with a follow-up shown only to unhappy customers. */
export const SATISFACTION_SURVEY: Survey = {
  title: 'How was your visit?',
  description: 'Two minutes of your time helps us improve every store.',
  questions: [
    question('q_rating', 'rating', 'How satisfied are you with your visit?', {
      required: true,
      settings: { minValue: 1, maxValue: 5, step: 1 },
    }),
    question('q_improve', 'textarea', 'What could we have done better?', {
      settings: { placeholder: 'Enter your answer...', minLength: 0, maxLength: 1000 },
      conditions: [{ id: 'c_low', targetQuestionId: 'q_rating', operator: 'less_than', value: '4', action: 'show' }],
    }),
    question('q_channel', 'multiple-choice', 'How did you hear about us?', {
      options: ['Friend or family', 'Social media', 'Search engine', 'In store'],
    }),
    question('q_recommend', 'yes-no', 'Would you recommend us to a friend?', { required: true }),
    question('q_email', 'email', 'Your e-mail, if you would like a reply', {
      settings: { placeholder: 'you@example.com', minLength: 0, maxLength: 200 },
    }),
  ],
  settings: defaultSurveySettings(),
};

/** Every question type, one condition among them. */
export const ALL_TYPES_SURVEY: Survey = {
  title: 'Product feedback',
  description: 'Tell us what you think of the new garden range.',
  questions: [
    question('q_name', 'text', 'Your first name', { settings: { placeholder: 'Enter your answer...', minLength: 0, maxLength: 80 } }),
    question('q_story', 'textarea', 'Tell us about your garden', { settings: { minLength: 0, maxLength: 1000 } }),
    question('q_bought', 'checkbox', 'Which products did you buy?', { options: ['Planters', 'Tools', 'Seeds', 'Furniture'] }),
    question('q_store', 'dropdown', 'Which store do you visit most?', { options: ['Springfield', 'Shelbyville', 'Online'] }),
    question('q_quality', 'rating', 'Rate the quality', { settings: { minValue: 1, maxValue: 5, step: 1 } }),
    question('q_visits', 'number', 'Visits per month', { settings: { minValue: 0, maxValue: 30, step: 1, min: 0, max: 30 } }),
    question('q_date', 'date', 'When did you last buy from us?', { settings: { dateFormat: 'date' } }),
    question('q_mail', 'email', 'E-mail for the prize draw'),
    question('q_again', 'yes-no', 'Would you buy again?'),
    question('q_why', 'single-choice', 'Why not?', {
      options: ['Price', 'Quality', 'Delivery'],
      conditions: [{ id: 'c_no', targetQuestionId: 'q_again', operator: 'equals', value: 'no', action: 'show' }],
    }),
    question('q_legacy', 'multiple_choice', 'Preferred contact', { options: ['E-mail', 'Phone'] }),
  ],
  settings: defaultSurveySettings(),
};

export const SURVEY_IDS = {
  satisfaction: '6f1d2c3a-8b4e-4f21-9a77-1c2d3e4f5a01',
  feedback: '6f1d2c3a-8b4e-4f21-9a77-1c2d3e4f5a02',
  holiday: '6f1d2c3a-8b4e-4f21-9a77-1c2d3e4f5a03',
  checkout: '6f1d2c3a-8b4e-4f21-9a77-1c2d3e4f5a04',
  globex: '6f1d2c3a-8b4e-4f21-9a77-1c2d3e4f5a05',
} as const;

const BRANDED_SETTINGS: EmbedSettings = {
  ...defaultEmbedSettings(),
  theme: { ...DEFAULT_THEME, primaryColor: '#2e7d32', buttonBackgroundColor: '#2e7d32', fontFamily: 'Georgia', borderRadius: '12px' },
  button: { ...defaultEmbedSettings().button, text: 'Share your thoughts', backgroundColor: '#2e7d32', hoverColor: '#1b5e20' },
};

function published(
  id: string,
  name: string,
  survey: Survey,
  details: Partial<PublishedSurvey> & { status: SurveyStatus },
): PublishedSurvey {
  return {
    id,
    name,
    companyId: acmeCompany.id,
    companyName: acmeCompany.name,
    publishedAt: ago(12 * DAY_MS),
    updatedAt: ago(2 * DAY_MS),
    startedAt: null,
    responseCount: 0,
    endCondition: null,
    survey,
    embedSettings: { settings: defaultEmbedSettings(survey.settings) },
    display_triggers: defaultDisplayTriggers(),
    ...details,
  };
}

export const PUBLISHED = {
  /** Running, until a date a month away. */
  satisfaction: published(SURVEY_IDS.satisfaction, 'Store Visit Satisfaction', SATISFACTION_SURVEY, {
    status: 'active',
    startedAt: ago(12 * DAY_MS),
    responseCount: 128,
    endCondition: { type: 'date', value: dayFromNow(30) },
    embedSettings: { settings: BRANDED_SETTINGS },
  }),
  /** Stopped by hand; no end condition. */
  feedback: published(SURVEY_IDS.feedback, 'Garden Range Feedback', ALL_TYPES_SURVEY, {
    status: 'inactive',
    publishedAt: ago(5 * HOUR_MS),
    responseCount: 42,
  }),
  /** Ended by its response limit: the server reports it inactive. */
  holiday: published(SURVEY_IDS.holiday, 'Holiday Campaign Poll', SATISFACTION_SURVEY, {
    status: 'inactive',
    publishedAt: ago(40 * DAY_MS),
    startedAt: ago(40 * DAY_MS),
    responseCount: 300,
    endCondition: { type: 'responses', value: 300 },
  }),
  /** Running for 14 days from its start, published minutes ago. */
  checkout: published(SURVEY_IDS.checkout, 'Checkout Experience', SATISFACTION_SURVEY, {
    status: 'active',
    publishedAt: ago(20 * 60_000),
    startedAt: ago(20 * 60_000),
    responseCount: 3,
    endCondition: { type: 'days', value: 14 },
  }),
  /** Another company's survey, listed only for a global admin viewing every company. */
  globex: published(SURVEY_IDS.globex, 'Patient Portal Survey', SATISFACTION_SURVEY, {
    status: 'active',
    companyId: globexCompany.id,
    companyName: globexCompany.name,
    publishedAt: null,
    responseCount: 17,
  }),
} satisfies Record<string, PublishedSurvey>;

/** What Acme Retail's company admin sees on LiveIQ, newest first. */
export const ACME_PUBLISHED: PublishedSurvey[] = [PUBLISHED.checkout, PUBLISHED.feedback, PUBLISHED.satisfaction, PUBLISHED.holiday];

/**
 * The responses behind each card's count: steady over the satisfaction survey's twelve days, a
 * morning's worth for the new ones, and the holiday poll's, all older than a week.
 */
export const RESPONSES: Record<string, SurveyResponse[]> = {
  [SURVEY_IDS.satisfaction]: generateResponses(PUBLISHED.satisfaction, { count: 128, seed: 1, spreadDays: 12 }),
  [SURVEY_IDS.feedback]: generateResponses(PUBLISHED.feedback, { count: 42, seed: 2, spreadDays: 0.2 }),
  [SURVEY_IDS.holiday]: generateResponses(PUBLISHED.holiday, { count: 300, seed: 3, newestDaysAgo: 10, spreadDays: 30 }),
  [SURVEY_IDS.checkout]: generateResponses(PUBLISHED.checkout, { count: 3, seed: 4, spreadDays: 0.01 }),
  [SURVEY_IDS.globex]: generateResponses(PUBLISHED.globex, { count: 17, seed: 5, spreadDays: 6 }),
};

export const SAVED_THEMES: SavedTheme[] = [
  {
    id: '9a0b1c2d-0000-4000-8000-000000000001',
    name: 'Acme Green',
    settings: {
      theme: { ...DEFAULT_THEME, primaryColor: '#2e7d32', buttonBackgroundColor: '#2e7d32', fontFamily: 'Georgia' },
      logo: { ...DEFAULT_LOGO, enabled: true, url: 'https://cdn.acme.example/logo.png', width: '160px' },
    },
    createdAt: ago(30 * DAY_MS),
  },
  {
    id: '9a0b1c2d-0000-4000-8000-000000000002',
    name: 'Night Sale',
    settings: {
      theme: {
        ...DEFAULT_THEME,
        primaryColor: '#ffb300',
        secondaryColor: '#b8bccc',
        backgroundColor: '#1e1e2f',
        textColor: '#f5f5f5',
        buttonBackgroundColor: '#ffb300',
        fontFamily: 'Verdana',
        borderRadius: '4px',
      },
      logo: { ...DEFAULT_LOGO },
    },
    createdAt: ago(3 * DAY_MS),
  },
];

/** Acme's company-wide rules: e-mail required; a survey may override them with a reason. */
export const ACME_IDENTIFIERS: GlobalIdentifierSettings = {
  ...DEFAULT_GLOBAL_IDENTIFIERS,
  requireIdentifier: true,
  identifierTypes: ['email'],
  identifierFields: { email: 'user_email, email', uuid: 'user_id', custom: 'loyalty_number' },
  allowSurveyOverride: true,
  overrideWarning: 'Acme Retail identifies every respondent by e-mail so answers join the customer record.',
  requireOverrideReason: true,
  allowedOverrideTypes: ['email', 'uuid'],
};

/** A company that does not let surveys override its rules. */
export const LOCKED_IDENTIFIERS: GlobalIdentifierSettings = { ...ACME_IDENTIFIERS, allowSurveyOverride: false };

/** A user of Acme Retail who may look at its surveys but not change them (data_sources:read only). */
export const SURVEY_READER_SESSION: Session = {
  ...SESSIONS.user,
  permissions: ['dashboard:read', 'data_sources:read'],
};

/** Signs in with any session, notices included. */
export function withSurveySession(session: Session = SESSIONS.companyAdmin, companyFilter = ALL_COMPANIES): Decorator {
  const WithSurveySession: Decorator = (Story) =>
    createElement(SessionFixture, {
      session,
      companyFilter,
      children: createElement(NotificationsProvider, null, createElement(Story)),
    });
  return WithSurveySession;
}

/** Acme's saved audience views and every category, as GET /api/surveys/published/:id/audience-targets answers. */
export const ACME_AUDIENCE_TARGETS: AudienceTargetOptions = {
  views: [
    { id: '5a1e0000-0000-4000-8000-000000000001', name: 'Loyal mobile shoppers' },
    { id: '5a1e0000-0000-4000-8000-000000000002', name: 'At-risk subscribers' },
  ],
  categories: CATEGORY_IDS.map((id) => ({ id, name: CATEGORY_NAMES[id] })),
};

export interface PublishedApiOptions {
  /** The audience targets every survey's editor lists (ACME_AUDIENCE_TARGETS by default). */
  audienceTargets?: AudienceTargetOptions;
  surveys?: PublishedSurvey[];
  themes?: SavedTheme[];
  identifiers?: GlobalIdentifierSettings;
  /** Answers that replace the in-memory server's for one "METHOD /path" (exact path). */
  overrides?: Record<string, MockAnswer | ((call: MockCall) => MockAnswer)>;
  /** Milliseconds every PUT takes, to watch a save in progress. */
  putDelayMs?: number;
  /** Responses by survey id (RESPONSES by default). */
  responses?: Record<string, SurveyResponse[]>;
  triggers?: TriggerSettingsView;
  deliveries?: WebhookDelivery[];
  collection?: CollectionSettings;
}

const clone = <T>(value: T): T => structuredClone(value);

/**
 * An in-memory BFF for LiveIQ: the published list and its writes, saved themes, the company's
 * identifier settings, override logs, the Edit action's draft copy, and the embed screen's and
 * InsightIQ's routes (collectionFixtures.ts). Writes change what later reads return, as the real
 * server does.
 */
export function publishedApiRoutes(options: PublishedApiOptions = {}): MockRoutes {
  const surveys = clone(options.surveys ?? ACME_PUBLISHED);
  const themes = clone(options.themes ?? SAVED_THEMES);
  let identifiers = clone(options.identifiers ?? ACME_IDENTIFIERS);
  const overrideLogs: OverrideLog[] = [];
  let nextDraft = 1;
  let nextTheme = 1;

  const find = (id: string) => surveys.find((survey) => survey.id === id);
  const notFound = () => failure('not_found', { message: 'Survey not found' });
  const updated = (survey: PublishedSurvey): MockAnswer => {
    survey.updatedAt = new Date().toISOString();
    return { body: clone(survey) };
  };

  const routes: PatternRoute[] = [
    ['GET', /^\/api\/surveys\/published$/, () => ({ body: clone(surveys) })],
    ['GET', /^\/api\/surveys\/published\/([^/]+)$/, (_call, [id]) => (find(id) ? { body: clone(find(id)) } : notFound())],
    [
      'PUT',
      /^\/api\/surveys\/published\/([^/]+)\/status$/,
      (call, [id]) => {
        const survey = find(id);
        if (!survey) return notFound();
        const body = call.body as { status: SurveyStatus; endCondition?: PublishedSurvey['endCondition'] };
        survey.status = body.status;
        if (body.status === 'active') {
          survey.endCondition = body.endCondition ?? null;
          survey.startedAt = new Date().toISOString();
        }
        return updated(survey);
      },
    ],
    [
      'PUT',
      /^\/api\/surveys\/published\/([^/]+)\/embed-settings$/,
      (call, [id]) => {
        const survey = find(id);
        if (!survey) return notFound();
        survey.embedSettings = { settings: (call.body as { settings: EmbedSettings }).settings };
        return updated(survey);
      },
    ],
    [
      'PUT',
      /^\/api\/surveys\/published\/([^/]+)\/display-triggers$/,
      (call, [id]) => {
        const survey = find(id);
        if (!survey) return notFound();
        survey.display_triggers = (call.body as { displayTriggers: DisplayTriggers }).displayTriggers;
        return updated(survey);
      },
    ],
    [
      'DELETE',
      /^\/api\/surveys\/published\/([^/]+)$/,
      (_call, [id]) => {
        const index = surveys.findIndex((survey) => survey.id === id);
        if (index < 0) return notFound();
        surveys.splice(index, 1);
        return { status: 204 };
      },
    ],
    [
      'POST',
      /^\/api\/surveys\/drafts$/,
      (call) => {
        const body = call.body as { name: string; survey: Survey };
        const now = new Date().toISOString();
        const draft: SurveyDraft = {
          id: `7c0ffee0-0000-4000-8000-00000000000${nextDraft++}`,
          name: body.name,
          companyId: acmeCompany.id,
          questionCount: body.survey.questions.length,
          createdAt: now,
          updatedAt: now,
          survey: body.survey,
        };
        return { status: 201, body: draft };
      },
    ],
    [
      'GET',
      /^\/api\/surveys\/published\/([^/]+)\/audience-targets$/,
      (_call, [id]) => (find(id) ? { body: clone(options.audienceTargets ?? ACME_AUDIENCE_TARGETS) } : notFound()),
    ],
    ['GET', /^\/api\/surveys\/themes$/, () => ({ body: clone(themes) })],
    [
      'POST',
      /^\/api\/surveys\/themes$/,
      (call) => {
        const body = call.body as Pick<SavedTheme, 'name' | 'settings'>;
        const theme: SavedTheme = {
          id: `9a0b1c2d-0000-4000-8000-1000000000${String(nextTheme++).padStart(2, '0')}`,
          name: body.name,
          settings: body.settings,
          createdAt: new Date().toISOString(),
        };
        themes.push(theme);
        return { status: 201, body: theme };
      },
    ],
    [
      'DELETE',
      /^\/api\/surveys\/themes\/([^/]+)$/,
      (_call, [id]) => {
        const index = themes.findIndex((theme) => theme.id === id);
        if (index < 0) return failure('not_found', { message: 'Theme not found' });
        themes.splice(index, 1);
        return { status: 204 };
      },
    ],
    ['GET', /^\/api\/companies\/([^/]+)\/global-identifiers$/, () => ({ body: clone(identifiers) })],
    [
      'PUT',
      /^\/api\/companies\/([^/]+)\/global-identifiers$/,
      (call) => {
        try {
          identifiers = globalIdentifiersBodySchema.validateSync(call.body).globalIdentifiers;
        } catch (error) {
          const { message } = error as Error;
          return failure('validation_failed', { message });
        }
        return { body: clone(identifiers) };
      },
    ],
    [
      'POST',
      /^\/api\/admin\/override-logs$/,
      (call) => {
        const body = call.body as Pick<OverrideLog, 'overrideReason' | 'customSettings'> & { surveyId: string };
        const survey = find(body.surveyId);
        const log: OverrideLog = {
          id: `0e0e0e0e-0000-4000-8000-00000000000${overrideLogs.length + 1}`,
          surveyId: body.surveyId,
          surveyName: survey?.name ?? '',
          userId: SESSIONS.companyAdmin.user.id,
          userName: SESSIONS.companyAdmin.user.name,
          companyId: survey?.companyId ?? acmeCompany.id,
          companyName: survey?.companyName ?? acmeCompany.name,
          timestamp: new Date().toISOString(),
          globalSettings: identifiers,
          customSettings: body.customSettings,
          overrideReason: body.overrideReason,
        };
        overrideLogs.push(log);
        return { status: 201, body: log };
      },
    ],
    ...collectionRoutes({
      surveys,
      companies: sampleCompanies,
      responses: options.responses ?? RESPONSES,
      triggers: clone(options.triggers ?? ACME_TRIGGERS),
      deliveries: clone(options.deliveries ?? deliveriesFor(ACME_PUBLISHED.filter((survey) => survey.status === 'active'))),
      collection: clone(options.collection ?? ACME_COLLECTION),
    }),
  ];

  const base = patternRoutes(routes);
  const overrides = options.overrides ?? {};
  // Exact "METHOD /path" overrides first; everything else goes to the in-memory server.
  const answer = (call: MockCall): MockAnswer => {
    const override = overrides[`${call.method} ${call.path}`];
    const route = override ?? base[`${call.method} /api/*`];
    const result = typeof route === 'function' ? route(call) : route;
    return call.method === 'PUT' && options.putDelayMs ? { ...result, delayMs: options.putDelayMs } : result;
  };
  return { 'GET /api/*': answer, 'POST /api/*': answer, 'PUT /api/*': answer, 'DELETE /api/*': answer };
}
