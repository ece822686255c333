/**
 * Surveys, drafts and data types for the stories of CreateIQ, and an in-memory stand-in for the
 * draft, publish, logo and data-type routes. The companies and sessions are those of
 * src/lib/testing, so every screen signs in as the same people.
 */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { publishProblems } from '@domain/survey/check';
import { defaultSurveySettings } from '@domain/survey/defaults';
import type { PublishedSurvey, Question, Survey, SurveyDraft } from '@domain/survey/types';
import { NotificationsProvider } from '@/lib/notifications';
import { ALL_COMPANIES, type Session } from '@/lib/session';
import { STORAGE_KEYS } from '@/lib/storage';
import { COMPANY_LIST, SAMPLE_IMAGE_URL, SESSIONS } from '@/lib/testing/fixtures';
import { failure, patternRoutes, type MockAnswer, type MockRoutes, type PatternRoute } from '@/lib/testing/mockFetch';
import { acmeCompany, globexCompany, SessionFixture } from '@/lib/testing/sessions';
import type { QuestionDataType } from '../api/dataTypes';
import type { DraftListEntry } from '../api/drafts';

/** A user of Acme Retail who may look at surveys but not change them (data_sources:read only). */
export const SURVEY_VIEWER_SESSION: Session = {
  ...SESSIONS.user,
  permissions: ['dashboard:read', 'data_sources:read'],
};

/** Signs in with any session, notices included; the current draft id of an earlier story is forgotten. */
export function withCreatorSession(session: Session = SESSIONS.companyAdmin, companyFilter = ALL_COMPANIES): Decorator {
  const WithCreatorSession: Decorator = (Story) =>
    createElement(SessionFixture, {
      session,
      companyFilter,
      children: createElement(NotificationsProvider, null, createElement(Story)),
    });
  return WithCreatorSession;
}

/** Story `beforeEach`: starts without a remembered draft, or with `draftId` remembered. */
export function rememberDraft(draftId: string | null = null): () => void {
  if (draftId) localStorage.setItem(STORAGE_KEYS.currentDraftId, draftId);
  else localStorage.removeItem(STORAGE_KEYS.currentDraftId);
  return () => localStorage.removeItem(STORAGE_KEYS.currentDraftId);
}

export const DATA_TYPES: QuestionDataType[] = [
  { id: 'dt-email', name: 'Email Address', type: 'static', dataFieldName: 'email' },
  { id: 'dt-satisfaction', name: 'Satisfaction Score', type: 'dynamic', dataFieldName: 'satisfaction_score' },
  { id: 'dt-category', name: 'Favourite Category', type: 'dynamic', dataFieldName: 'favourite_category' },
  { id: 'dt-age', name: 'Age Group', type: 'static', dataFieldName: 'age_group' },
];

function question(id: string, type: Question['type'], title: string, details: Partial<Question> = {}): Question {
  return { id, type, title, description: '', required: false, dataType: null, options: [], conditions: [], settings: {}, ...details };
}

export const FEEDBACK_QUESTIONS = {
  returning: question('q_returning', 'yes-no', 'Have you shopped with us before?', { required: true }),
  satisfaction: question('q_satisfaction', 'rating', 'How satisfied are you with your visit?', {
    required: true,
    dataType: 'dt-satisfaction',
    settings: { minValue: 1, maxValue: 5, step: 1 },
  }),
  category: question('q_category', 'multiple-choice', 'What did you come for today?', {
    dataType: 'dt-category',
    options: ['Garden furniture', 'Plants and seeds', 'Tools', 'Home decor'],
  }),
  improve: question('q_improve', 'textarea', 'What could we have done better?', {
    description: 'Tell us in your own words.',
    settings: { placeholder: 'Enter your answer...', minLength: 0, maxLength: 1000 },
    // A 'show' that does not match leaves a question visible: the follow-up hides for happy visitors.
    conditions: [{ id: 'c_happy', targetQuestionId: 'q_satisfaction', operator: 'greater_than', value: '2', action: 'hide' }],
  }),
  email: question('q_email', 'email', 'Where can we send your voucher?', {
    dataType: 'dt-email',
    settings: { placeholder: 'you@example.com', minLength: 0, maxLength: 200 },
    conditions: [{ id: 'c_new', targetQuestionId: 'q_returning', operator: 'equals', value: 'no', action: 'hide' }],
  }),
} satisfies Record<string, Question>;

/** A store-visit survey: every question kind the builder shows most, with two conditions. */
export const FEEDBACK_SURVEY: Survey = {
  title: 'Store visit feedback',
  description: 'Two minutes of your time helps us improve every store.',
  questions: Object.values(FEEDBACK_QUESTIONS),
  settings: defaultSurveySettings(),
};

/** The same survey after the rating was deleted and the e-mail question moved to the top. */
export const BROKEN_LOGIC_SURVEY: Survey = {
  ...FEEDBACK_SURVEY,
  questions: [FEEDBACK_QUESTIONS.email, FEEDBACK_QUESTIONS.returning, FEEDBACK_QUESTIONS.category, FEEDBACK_QUESTIONS.improve],
};

export const ONBOARDING_SURVEY: Survey = {
  title: 'Welcome to Acme Rewards',
  description: 'Help us tailor your offers.',
  questions: [
    question('q_age', 'dropdown', 'Which age group are you in?', { dataType: 'dt-age', options: ['18-24', '25-34', '35-44', '45-54', '55+'] }),
    question('q_interests', 'checkbox', 'Which topics interest you?', { options: ['Gardening', 'DIY', 'Interior design'] }),
  ],
  settings: defaultSurveySettings(),
};

function draft(id: string, name: string, survey: Survey, companyId: string, createdAt: string, updatedAt: string): SurveyDraft {
  return { id, name, companyId, questionCount: survey.questions.length, createdAt, updatedAt, survey };
}

export const DRAFTS = {
  feedback: draft(
    '3f0c2a9e-4b7d-4c1a-9e2f-5a6b7c8d9e01',
    'Store visit feedback – June',
    FEEDBACK_SURVEY,
    acmeCompany.id,
    '2026-05-20T09:12:00.000Z',
    '2026-06-02T16:45:00.000Z',
  ),
  onboarding: draft(
    '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c02',
    'Rewards onboarding',
    ONBOARDING_SURVEY,
    acmeCompany.id,
    '2026-05-28T11:00:00.000Z',
    '2026-05-29T08:30:00.000Z',
  ),
  empty: draft(
    'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d03',
    'Holiday survey (idea)',
    { title: 'Holiday survey', description: '', questions: [], settings: defaultSurveySettings() },
    acmeCompany.id,
    '2026-06-01T10:00:00.000Z',
    '2026-06-01T10:00:00.000Z',
  ),
  globex: draft(
    'c3d4e5f6-a7b8-4c9d-8e0f-2a3b4c5d6e04',
    'Patient experience',
    { ...ONBOARDING_SURVEY, title: 'Patient experience' },
    globexCompany.id,
    '2026-05-15T13:00:00.000Z',
    '2026-05-30T17:20:00.000Z',
  ),
} satisfies Record<string, SurveyDraft>;

export const ACME_DRAFTS: SurveyDraft[] = [DRAFTS.feedback, DRAFTS.onboarding, DRAFTS.empty];

/**
 * The address the stand-in gives an uploaded logo. The BFF answers '/api/files/{id}'; a data URL
 * shows the image without a server (a story's request for /api/files would reach the dev server).
 */
export const STORED_LOGO_URL = SAMPLE_IMAGE_URL;

export interface CreatorApiOptions {
  drafts?: SurveyDraft[];
  dataTypes?: QuestionDataType[];
  /** The signed-in session: a global admin must name a company for new drafts. */
  session?: Session;
  /**
   * A global admin's "View Data For" choice, as the page sends it (mockFetch passes no query string
   * on): null for All Companies.
   */
  companyFilter?: string | null;
}

const summary = ({ survey, ...entry }: SurveyDraft): DraftListEntry => ({ ...entry, title: survey.title });


/**
 * An in-memory BFF for CreateIQ, for mockFetch: drafts are created, updated, renamed, deleted and
 * published, and the list shows it. mockFetch passes no query string on, so a global admin's
 * writes without a company are refused (company_required) as the server does. Exact
 * "METHOD /path" keys added next to these routes take precedence (a failure, a delay).
 */
export function creatorApiRoutes({
  drafts: initial = ACME_DRAFTS,
  dataTypes = DATA_TYPES,
  session = SESSIONS.companyAdmin,
  companyFilter = null,
}: CreatorApiOptions = {}): MockRoutes {
  const companyForNew = session.role === 'admin' ? companyFilter : session.company.id;
  let drafts = initial.map((entry) => ({ ...entry }));
  let created = 0;
  const byId = (id: string) => drafts.find((entry) => entry.id === id);
  const notFound = () => failure('not_found', { error: 'Draft not found. Please try again.', message: 'No draft with this id exists in your reach.' });
  const newest = () => [...drafts].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

  const routes: PatternRoute[] = [
    ['GET', /^\/api\/surveys\/drafts$/, () => ({ body: newest().map(summary) })],
    ['POST', /^\/api\/surveys\/drafts$/, (call) => {
      const companyId = companyForNew;
      if (!companyId) return failure('company_required');
      const { name, survey } = call.body as { name: string; survey: Survey };
      created += 1;
      const now = new Date().toISOString();
      const entry = draft(`d0d0d0d0-0000-4000-8000-00000000000${created}`, name, survey, companyId, now, now);
      drafts = [...drafts, entry];
      return { status: 201, body: entry };
    }],
    ['GET', /^\/api\/surveys\/drafts\/([^/]+)$/, (_call, [id]) => {
      const found = byId(id);
      return found ? { body: found } : notFound();
    }],
    ['PUT', /^\/api\/surveys\/drafts\/([^/]+)$/, ({ body }, [id]) => {
      const found = byId(id);
      if (!found) return notFound();
      const { name, survey } = body as { name: string; survey: Survey };
      const updated = { ...found, name, survey, questionCount: survey.questions.length, updatedAt: new Date().toISOString() };
      drafts = drafts.map((entry) => (entry.id === id ? updated : entry));
      return { body: updated };
    }],
    ['PATCH', /^\/api\/surveys\/drafts\/([^/]+)\/name$/, ({ body }, [id]) => {
      const found = byId(id);
      if (!found) return notFound();
      const { name } = body as { name: string };
      drafts = drafts.map((entry) => (entry.id === id ? { ...entry, name, updatedAt: new Date().toISOString() } : entry));
      return { body: { name } };
    }],
    ['DELETE', /^\/api\/surveys\/drafts\/([^/]+)$/, (_call, [id]) => {
      if (!byId(id)) return notFound();
      drafts = drafts.filter((entry) => entry.id !== id);
      return { status: 204 };
    }],
    ['POST', /^\/api\/surveys\/publish$/, (call) => {
      const { name, survey, draftId } = call.body as { name: string; survey: Survey; draftId?: string | null };
      const source = draftId ? byId(draftId) : undefined;
      if (draftId && !source) return notFound();
      const companyId = source?.companyId ?? companyForNew;
      if (!companyId) return failure('company_required');
      const problems = publishProblems(survey);
      if (problems.length > 0) return notReady(problems.map((problem) => problem.message).join(' '));
      drafts = drafts.filter((entry) => entry.id !== draftId);
      const published: Partial<PublishedSurvey> = { id: 'p-1', name, companyId, status: 'inactive', survey };
      return { status: 201, body: published };
    }],
    ['POST', /^\/api\/surveys\/logos$/, () => {
      if (!companyForNew) return failure('company_required');
      return { status: 201, body: { url: STORED_LOGO_URL } };
    }],
    ['GET', /^\/api\/data-types$/, () => ({ body: dataTypes })],
    ['GET', /^\/api\/companies$/, () => ({ body: COMPANY_LIST })],
  ];

  const dispatch = patternRoutes(routes);
  // patternRoutes answers the four verbs it knows; the rename is a PATCH, dispatched the same way.
  return { ...dispatch, 'PATCH /api/*': dispatch['GET /api/*'] };
}

/** The server's refusal of a survey with problems: every problem named, in `error` and `message`. */
export function notReady(text: string): MockAnswer {
  return { status: 400, body: { error: text, message: text, code: 'survey_not_ready' } };
}
