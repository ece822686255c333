/** Model settings, readiness, versions, an evaluation and an in-memory stand-in for the model routes, for this feature's stories. */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import {
  DEFAULT_MODEL_SETTINGS,
  DISCOVERY_LEVERS,
  type LeverReadiness,
  type ModelSettings,
  type ModelSettingsVersion,
  type ModelSettingsView,
  type SettingsEvaluation,
} from '@domain/models/settings';
import { NotificationsProvider } from '@/lib/notifications';
import { ALL_COMPANIES, type Session } from '@/lib/session';
import { SESSIONS } from '@/lib/testing/fixtures';
import { patternRoutes, type MockRoutes } from '@/lib/testing/mockFetch';
import { SessionFixture } from '@/lib/testing/sessions';

/** A user of Acme Retail who may look at the model settings but not change them (models:read only). */
export const MODELS_READ_ONLY_SESSION: Session = { ...SESSIONS.user, permissions: ['dashboard:read', 'models:read'] };

export function withModelSession(session: Session = SESSIONS.companyAdmin, companyFilter = ALL_COMPANIES): Decorator {
  const WithModelSession: Decorator = (Story) =>
    createElement(SessionFixture, { session, companyFilter, children: createElement(NotificationsProvider, null, createElement(Story)) });
  return WithModelSession;
}

/** What each lever reads, and how much of Acme's data has it; delivery data is missing. */
const READINESS_PERCENT: Record<(typeof DISCOVERY_LEVERS)[number], [number, string]> = {
  contentDiscovery: [97, 'items have a title, description or tags'],
  coldStartSellers: [88, 'items have a seller_id'],
  fairExposure: [88, 'items have a seller_id'],
  deliveryAware: [0, 'items have delivery_days'],
  trustSafety: [64, 'items have a rating'],
  priceElasticity: [92, 'items have a price'],
  supplyDemand: [71, 'items have stock'],
  twoSidedMatchmaking: [38, 'events carry request metadata'],
  intentDiversification: [100, 'items have a category'],
  viewingPatterns: [83, 'users have two or more views'],
  genreBased: [45, 'items have genres'],
  trendingContent: [100, 'items had events in the last 7 days'],
};

export const READINESS: LeverReadiness[] = DISCOVERY_LEVERS.map((lever) => {
  const [percent, what] = READINESS_PERCENT[lever];
  return {
    lever,
    percent,
    note: percent === 0 ? `0 % of ${what}, so this slider has no effect` : `${percent} % of ${what}`,
    noEffect: percent === 0,
  };
});

const SAVED: ModelSettings = {
  ...DEFAULT_MODEL_SETTINGS,
  discovery: { ...DEFAULT_MODEL_SETTINGS.discovery, trendingContent: 70, fairExposure: 75 },
  holdoutPercent: 10,
  bannedPhrases: ['cheap', 'guaranteed'],
  requiredPhrases: ['Handpicked for you'],
};

export const VERSIONS: ModelSettingsVersion[] = [
  { version: 3, settings: SAVED, createdAt: '2026-06-12T15:02:00.000Z', createdByName: 'Alice Martin' },
  { version: 2, settings: { ...SAVED, holdoutPercent: 0 }, createdAt: '2026-06-03T09:41:00.000Z', createdByName: 'Alice Martin' },
  { version: 1, settings: DEFAULT_MODEL_SETTINGS, createdAt: '2026-05-20T11:15:00.000Z', createdByName: 'Ada Admin' },
];

export const SETTINGS_VIEW: ModelSettingsView = { current: VERSIONS[0], defaults: DEFAULT_MODEL_SETTINGS, readiness: READINESS };

export const DEFAULTS_VIEW: ModelSettingsView = {
  current: { version: 0, settings: DEFAULT_MODEL_SETTINGS, createdAt: new Date(0).toISOString(), createdByName: null },
  defaults: DEFAULT_MODEL_SETTINGS,
  readiness: READINESS,
};

export const EVALUATION: SettingsEvaluation = {
  current: { hitRateAt10: 0.214, ndcgAt10: 0.118, coverage: 0.182 },
  candidate: { hitRateAt10: 0.231, ndcgAt10: 0.127, coverage: 0.204 },
  users: 1_846,
  days: 30,
  baselines: { mostPopular: { hitRateAt10: 0.121, ndcgAt10: 0.064, coverage: 0.006 }, itemKnn: { hitRateAt10: 0.187, ndcgAt10: 0.101, coverage: 0.151 } },
};

/** An in-memory server: each save or reset adds a version. */
export function modelSettingsRoutes(view: ModelSettingsView = SETTINGS_VIEW, versions: ModelSettingsVersion[] = view.current.version === 0 ? [] : VERSIONS): MockRoutes {
  let current = view.current;
  let history = [...versions];
  const addVersion = (settings: ModelSettings) => {
    current = { version: current.version + 1, settings, createdAt: '2026-06-14T12:00:00.000Z', createdByName: 'Alice Martin' };
    history = [current, ...history];
    return { body: current };
  };
  return {
    ...patternRoutes([
      ['GET', /^\/api\/model-settings$/, () => ({ body: { ...view, current } })],
      ['GET', /^\/api\/model-settings\/versions$/, () => ({ body: history })],
      [
        'PUT',
        /^\/api\/model-settings$/,
        (call) => {
          const { companyId: _company, ...settings } = call.body as ModelSettings & { companyId?: string };
          return addVersion(settings);
        },
      ],
      ['POST', /^\/api\/model-settings\/reset$/, () => addVersion(DEFAULT_MODEL_SETTINGS)],
      ['POST', /^\/api\/model-settings\/evaluate$/, () => ({ body: EVALUATION })],
      ['POST', /^\/api\/requests$/, (call) => ({ status: 201, body: { id: 'r-1', ...(call.body as object) } })],
    ]),
  };
}
