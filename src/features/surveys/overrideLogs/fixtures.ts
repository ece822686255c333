/**
 * Override logs as the Override Logs stories show them: two companies, a survey deleted since its
 * override, a company that does not ask for a reason, and an in-memory server that lists them.
 */
import type { GlobalIdentifierSettings } from '@domain/survey/types';
import { patternRoutes, type MockAnswer, type MockRoutes } from '@/lib/testing/mockFetch';
import { acmeCompany, companyAdminSession, globexCompany } from '@/lib/testing/sessions';
import type { OverrideLogEntry } from '../api/overrideLogs';
import { ACME_IDENTIFIERS, PUBLISHED, SURVEY_IDS } from '../fixtures';

/** Globex asks for no identifier, reads a patient reference when there is one, and wants no reason. */
const GLOBEX_IDENTIFIERS: GlobalIdentifierSettings = {
  requireIdentifier: false,
  identifierTypes: ['custom'],
  identifierFields: {
    email: 'email',
    uuid: 'visitor_id',
    custom: 'patient_ref',
  },
  allowSurveyOverride: true,
  overrideWarning: '',
  requireOverrideReason: false,
  allowedOverrideTypes: ['uuid', 'custom'],
};

const alice = {
  userId: companyAdminSession.user.id,
  userName: companyAdminSession.user.name,
};

export const CHECKOUT_OVERRIDE: OverrideLogEntry = {
  id: '0e0e0e0e-0000-4000-8000-000000000004',
  surveyId: SURVEY_IDS.checkout,
  surveyName: PUBLISHED.checkout.name,
  ...alice,
  companyId: acmeCompany.id,
  companyName: acmeCompany.name,
  timestamp: '2026-11-22T15:42:00.000Z',
  globalSettings: ACME_IDENTIFIERS,
  customSettings: {
    requireIdentifier: true,
    identifierTypes: ['uuid'],
    identifierFields: {
      email: 'user_email, email',
      uuid: 'order_id',
      custom: 'loyalty_number',
    },
  },
  overrideReason:
    'Most checkout visitors buy as guests and have no account yet: we identify them by their order number, which joins the answers to the order record.',
};

/** Globex does not ask for a reason, so none was given. */
export const PATIENT_PORTAL_OVERRIDE: OverrideLogEntry = {
  id: '0e0e0e0e-0000-4000-8000-000000000003',
  surveyId: SURVEY_IDS.globex,
  surveyName: PUBLISHED.globex.name,
  userId: 'u-carol',
  userName: 'Carol Chen',
  companyId: globexCompany.id,
  companyName: globexCompany.name,
  timestamp: '2026-11-20T08:10:00.000Z',
  globalSettings: GLOBEX_IDENTIFIERS,
  customSettings: {
    requireIdentifier: true,
    identifierTypes: ['uuid', 'custom'],
    identifierFields: {
      email: 'email',
      uuid: 'portal_user_id',
      custom: 'patient_ref',
    },
  },
  overrideReason: '',
};

/** The survey was deleted afterwards: the log keeps its name, without the link. */
export const DELETED_SURVEY_OVERRIDE: OverrideLogEntry = {
  id: '0e0e0e0e-0000-4000-8000-000000000002',
  surveyId: null,
  surveyName: 'Spring Sale Poll',
  ...alice,
  companyId: acmeCompany.id,
  companyName: acmeCompany.name,
  timestamp: '2026-10-03T12:00:00.000Z',
  globalSettings: ACME_IDENTIFIERS,
  customSettings: {
    requireIdentifier: false,
    identifierTypes: ['email'],
    identifierFields: {
      email: 'newsletter_email',
      uuid: 'user_id',
      custom: 'loyalty_number',
    },
  },
  overrideReason: 'Shown to newsletter readers who may answer without signing in.',
};

export const FEEDBACK_OVERRIDE: OverrideLogEntry = {
  id: '0e0e0e0e-0000-4000-8000-000000000001',
  surveyId: SURVEY_IDS.feedback,
  surveyName: PUBLISHED.feedback.name,
  ...alice,
  companyId: acmeCompany.id,
  companyName: acmeCompany.name,
  timestamp: '2026-09-14T09:30:00.000Z',
  globalSettings: ACME_IDENTIFIERS,
  customSettings: {
    requireIdentifier: true,
    identifierTypes: ['email', 'uuid'],
    identifierFields: {
      email: 'user_email, email',
      uuid: 'user_id',
      custom: 'loyalty_number',
    },
  },
  overrideReason: 'Garden customers without an e-mail on file answer with their loyalty account id.',
};

/** Every company's logs, newest first, as the server answers a global admin viewing all companies. */
export const OVERRIDE_LOGS: OverrideLogEntry[] = [CHECKOUT_OVERRIDE, PATIENT_PORTAL_OVERRIDE, DELETED_SURVEY_OVERRIDE, FEEDBACK_OVERRIDE];

export interface OverrideLogApiOptions {
  logs?: OverrideLogEntry[];
  /** Replaces the list's answer (a failure, a delay), or decides it call by call. */
  list?: MockAnswer | (() => MockAnswer);
}

/** The override log route of the BFF, for mockFetch. */
export function overrideLogApiRoutes({ logs = OVERRIDE_LOGS, list }: OverrideLogApiOptions = {}): MockRoutes {
  return patternRoutes([
    [
      'GET',
      /^\/api\/admin\/override-logs$/,
      () => {
        if (typeof list === 'function') return list();
        return list ?? { body: structuredClone(logs) };
      },
    ],
  ]);
}
