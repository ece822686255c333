/**
 * Unified profiles of Acme Retail, their categories, saved views and jobs, and an in-memory
 * stand-in for the Audience Intelligence routes that filters, searches and pages the way the
 * contract (src/domain/audience/contract.ts) describes, for this feature's stories and tests.
 * Profiles come from a fixed seed: the same people on every run, dated relative to the moment the
 * stories load.
 */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { randomSource } from '@domain/random';
import {
  AUDIENCE_PAGE_SIZE,
  CATEGORY_IDS,
  CATEGORY_NAMES,
  LIFECYCLE_LABELS,
  RISK_LABELS,
  SOURCE_KIND_LABELS,
  SOURCE_KINDS,
  type AudienceCategory,
  type AudienceJob,
  type AudienceJobKind,
  type AudienceMetrics,
  type AudienceUser,
  type AudienceUserDetail,
  type AudienceView,
  type CategoryId,
  type LifecycleStage,
  type RecencyDays,
  type RiskLevel,
  type SourceKind,
} from '@domain/audience/contract';
import { NotificationsProvider } from '@/lib/notifications';
import type { Session } from '@/lib/session';
import { SESSIONS } from '@/lib/testing/fixtures';
import { failure, patternRoutes, type MockAnswer, type MockCall, type MockRoutes, type PatternRoute } from '@/lib/testing/mockFetch';
import { acmeCompany, SessionFixture } from '@/lib/testing/sessions';
import { audienceParams } from './query';
import { writebackPatterns, type WritebackRouteOptions } from './writeback/fixtures';

export const ACME_ID = acmeCompany.id;

/** The global admin, looking at Acme Retail unless a story says otherwise. */
export function withAudienceSession(companyFilter: string = ACME_ID, session: Session = SESSIONS.globalAdmin): Decorator {
  const WithAudienceSession: Decorator = (Story) =>
    createElement(SessionFixture, { session, companyFilter, children: createElement(NotificationsProvider, null, createElement(Story)) });
  return WithAudienceSession;
}

const NOW = Date.now();
const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(NOW - days * DAY_MS).toISOString();

const FIRST = ['Maya', 'Liam', 'Sofia', 'Noah', 'Amara', 'Ethan', 'Chloe', 'Mateo', 'Priya', 'Lucas', 'Hana', 'Oliver', 'Zoe', 'Daniel', 'Ines', 'Samuel', 'Leila', 'Jonas', 'Grace', 'Kenji'];
const LAST = ['Patel', 'Okafor', 'García', 'Nguyen', 'Schmidt', 'Rossi', 'Kowalski', 'Haddad', 'Johansson', 'Silva', 'Tanaka', 'Dubois'];
const ACCOUNTS = ['Northwind Traders', 'Fabrikam Homes', 'Contoso Garden', 'Tailspin Outdoors', null, null];

const random = randomSource(20_261_225);
const pick = <T,>(values: readonly T[]) => values[Math.floor(random() * values.length)];

function categoriesOf(ltv: number, risk: RiskLevel, lifecycle: LifecycleStage, sources: SourceKind[], account: string | null, index: number): CategoryId[] {
  const categories: CategoryId[] = [];
  if (ltv >= 2_000) categories.push('high-value');
  if (risk === 'high' || lifecycle === 'at_risk') categories.push('at-risk');
  if (lifecycle === 'new') categories.push('new-users');
  if (account) categories.push('enterprise');
  if (!account && ltv < 200) categories.push('freemium');
  if (lifecycle === 'churned') categories.push('churned');
  if (lifecycle === 'reactivated') categories.push('returning');
  if (sources.includes('mobile')) categories.push('mobile');
  if (sources.includes('web')) categories.push('desktop');
  if (index % 5 === 0) categories.push('power-users');
  return categories;
}

function makeUser(index: number): AudienceUser {
  const first = FIRST[index % FIRST.length];
  const last = LAST[(index * 7) % LAST.length];
  const anonymous = index % 11 === 10;
  const account = pick(ACCOUNTS);
  const drawn = SOURCE_KINDS.filter((source) => random() < (source === 'web' ? 0.75 : 0.45));
  const sources: SourceKind[] = drawn.length ? drawn : ['email'];
  const ltv = Math.round(random() * random() * 6_000);
  const riskScore = Math.round(random() * 1_000) / 10;
  const risk: RiskLevel = riskScore >= 70 ? 'high' : riskScore >= 40 ? 'medium' : 'low';
  const lifecycle = pick(['new', 'active', 'active', 'at_risk', 'churned', 'reactivated'] as const);
  const lastSeenDays = Math.round(random() * random() * 120 * 10) / 10;
  return {
    id: `0f6c1b9e-7a4d-4c1e-9b2a-${String(index).padStart(12, '0')}`,
    name: anonymous ? null : `${first} ${last}`,
    email: anonymous ? null : `${first}.${last}`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '') + '@example.com',
    account: anonymous ? null : account,
    categories: categoriesOf(ltv, risk, lifecycle, sources, account, index),
    ltv,
    risk,
    riskScore,
    lifecycle,
    lastSeen: index % 13 === 12 ? null : ago(lastSeenDays),
    dataSourceCoverage: Math.round((sources.length / SOURCE_KINDS.length) * 1_000) / 10,
    sources,
    ip_address: `203.0.113.${(index * 17) % 250}`,
    device_type: sources.includes('mobile') ? 'mobile' : 'desktop',
    surveyCount: index % 4,
    totalCompletionTime: (index % 4) * 74,
  };
}

export const AUDIENCE_USERS: AudienceUser[] = Array.from({ length: 47 }, (_, index) => makeUser(index));

export function userDetail(user: AudienceUser): AudienceUserDetail {
  const identities = [
    ...(user.email ? [{ kind: 'email', value: user.email, source: 'Customer import (customers.csv)', firstSeen: ago(210) }] : []),
    { kind: 'user_id', value: `cus_${user.id.slice(-6)}`, source: 'CRM', firstSeen: null },
    { kind: 'anonymous_id', value: `anon-${user.id.slice(-8)}`, source: 'Web events', firstSeen: ago(95) },
  ];
  return {
    ...user,
    identities,
    merges: [
      {
        at: ago(94),
        identifierKind: 'email',
        identifierValue: user.email ?? 'anon',
        source: 'Survey response',
        profilesJoined: 2,
        refused: false,
        reason: null,
      },
      {
        at: ago(40),
        identifierKind: 'email',
        identifierValue: 'test@example.com',
        source: 'Web events',
        profilesJoined: 38,
        refused: true,
        reason: 'Placeholder identifier: shared by 38 profiles, more than 5 may be joined.',
      },
    ],
    events: [
      { type: 'purchase', source: 'Web', timestamp: ago(1.2) },
      { type: 'product_view', source: 'Mobile', timestamp: ago(1.3) },
      { type: 'survey_completed', source: 'Survey', timestamp: ago(6) },
      { type: 'support_ticket_opened', source: 'Support', timestamp: ago(12) },
    ],
    segments: [
      { id: 'high-value', name: 'High Value', confidence: 0.86, because: 'Lifetime value in the top 10 % and a purchase every month.' },
      { id: 'at-risk', name: 'At Risk', confidence: 0.41, because: 'Visits fell by half over the last 30 days.' },
    ],
    attributes: { preferred_channel: 'E-mail', nps_score: 9, newsletter_opt_in: true },
  };
}

const averageOf = (values: number[]) => (values.length ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10 : 0);

const DESCRIPTIONS: Record<CategoryId, string> = {
  'high-value': 'Lifetime value of $2,000 or more.',
  'at-risk': 'High churn risk, or no activity for 30 days after being active.',
  'new-users': 'First seen in the last 30 days.',
  enterprise: 'Belongs to a business account.',
  freemium: 'No account and under $200 lifetime value.',
  churned: 'No activity for 90 days.',
  returning: 'Came back after 30 days away.',
  premium: 'On a paid premium plan.',
  mobile: 'Seen on a mobile device.',
  desktop: 'Seen on the web.',
  weekend: 'Mostly active on weekends.',
  weekday: 'Mostly active on weekdays.',
  casual: 'Fewer than three sessions a month.',
  'power-users': 'Twenty sessions or more a month.',
};

function traitsOf(users: AudienceUser[]): string[] {
  if (!users.length) return [];
  const share = (count: number) => `${Math.round((count / users.length) * 100)} %`;
  const mobile = users.filter((user) => user.sources.includes('mobile')).length;
  const crm = users.filter((user) => user.sources.includes('crm')).length;
  const highRisk = users.filter((user) => user.risk === 'high').length;
  return [`${SOURCE_KIND_LABELS.mobile} ${share(mobile)}`, `${SOURCE_KIND_LABELS.crm} ${share(crm)}`, `${RISK_LABELS.high} risk ${share(highRisk)}`];
}

export function categoriesOfUsers(users: AudienceUser[]): AudienceCategory[] {
  return CATEGORY_IDS.map((id) => {
    const members = users.filter((user) => user.categories.includes(id));
    return {
      id,
      name: CATEGORY_NAMES[id],
      description: DESCRIPTIONS[id],
      rule: DESCRIPTIONS[id],
      coverage: averageOf(members.map((user) => user.dataSourceCoverage)),
      userCount: members.length,
      topTraits: traitsOf(members),
    };
  }).filter((category) => category.userCount > 0);
}

export function metricsOfUsers(users: AudienceUser[], computedAt: string | null = ago(0.2)): AudienceMetrics {
  const unified = users.filter((user) => user.sources.length > 1).length;
  const unknowns = users.filter((user) => !user.email && !user.name).length;
  const share = (count: number) => (users.length ? Math.round((count / users.length) * 1_000) / 10 : 0);
  const top = categoriesOfUsers(users)
    .sort((a, b) => b.userCount - a.userCount)
    .slice(0, 3)
    .map((category) => ({ id: category.id, name: category.name, userCount: category.userCount }));
  return {
    totalUsers: users.length,
    unifiedIdentities: share(unified),
    unknowns: share(unknowns),
    dataSourceCoverage: averageOf(users.map((user) => user.dataSourceCoverage)),
    topSegments: top,
    computedAt,
  };
}

export const AUDIENCE_METRICS = metricsOfUsers(AUDIENCE_USERS);
export const AUDIENCE_CATEGORIES = categoriesOfUsers(AUDIENCE_USERS);

export const SAVED_VIEWS: AudienceView[] = [
  {
    id: '5b0f3c7a-2d1e-4f6a-8b9c-0d1e2f3a4b5c',
    name: 'High-risk mobile shoppers',
    description: 'Data Source: Mobile · Risk Level: High',
    filters: { dataSource: ['mobile'], lifecycle: [], risk: ['high'], recency: [] },
    search: '',
    categoryId: null,
    userCount: AUDIENCE_USERS.filter((user) => user.sources.includes('mobile') && user.risk === 'high').length,
    coverage: 58.3,
    createdAt: ago(3),
  },
];

const FILTER_VALUES = (call: MockCall, key: string) => (call.query[key] ? call.query[key].split(',') : []);

/** What the server would select for a call's filters and search. */
export function selectUsers(users: AudienceUser[], call: MockCall): AudienceUser[] {
  const sources = FILTER_VALUES(call, 'dataSource');
  const lifecycle = FILTER_VALUES(call, 'lifecycle');
  const risk = FILTER_VALUES(call, 'risk');
  const recency = FILTER_VALUES(call, 'recency').map(Number) as RecencyDays[];
  const widest = recency.length ? Math.max(...recency) : null;
  const search = (call.query.search ?? '').toLowerCase();
  return users.filter(
    (user) =>
      (!sources.length || user.sources.some((source) => sources.includes(source))) &&
      (!lifecycle.length || lifecycle.includes(user.lifecycle)) &&
      (!risk.length || risk.includes(user.risk)) &&
      (widest === null || (user.lastSeen !== null && NOW - Date.parse(user.lastSeen) <= widest * DAY_MS)) &&
      (!search || [user.name, user.email, user.account].some((value) => value?.toLowerCase().includes(search))),
  );
}

function pageOf(users: AudienceUser[], call: MockCall): MockAnswer {
  const page = Number(call.query.page ?? 1);
  const limit = Number(call.query.limit ?? AUDIENCE_PAGE_SIZE);
  return { body: { users: users.slice((page - 1) * limit, page * limit), total: users.length, page, limit } };
}

export function jobOf(kind: AudienceJobKind, status: AudienceJob['status'], processed: number, total = AUDIENCE_USERS.length): AudienceJob {
  const done = status === 'done';
  return {
    id: `9d2e4f6a-1b3c-4d5e-8f70-${kind === 'rebuild' ? '00000000000b' : '00000000000c'}`,
    kind,
    status,
    progress: total ? processed / total : 1,
    processed,
    total,
    summary: done
      ? {
          profiles: total,
          profilesChanged: 6,
          categories: [
            { id: 'at-risk', name: CATEGORY_NAMES['at-risk'], before: 14, after: 17 },
            { id: 'high-value', name: CATEGORY_NAMES['high-value'], before: 9, after: 9 },
            { id: 'returning', name: CATEGORY_NAMES.returning, before: 6, after: 4 },
          ],
          risk: [
            { id: 'high', name: RISK_LABELS.high, before: 12, after: 15 },
            { id: 'medium', name: RISK_LABELS.medium, before: 16, after: 14 },
            { id: 'low', name: RISK_LABELS.low, before: 19, after: 18 },
          ],
          lifecycle: [
            { id: 'active', name: LIFECYCLE_LABELS.active, before: 15, after: 13 },
            { id: 'at_risk', name: LIFECYCLE_LABELS.at_risk, before: 8, after: 10 },
          ],
        }
      : null,
    error: status === 'failed' ? 'The profiles changed while they were being read; run it again.' : null,
    createdAt: ago(0.001),
    finishedAt: done || status === 'failed' ? ago(0) : null,
  };
}

export interface AudienceRoutesOptions {
  users?: AudienceUser[];
  views?: AudienceView[];
  computedAt?: string | null;
  latestJob?: AudienceJob | null;
  /** How many polls of a started job answer "running" before it is done. */
  jobSteps?: number;
  /** The job's end: done with a summary, or failed. */
  jobOutcome?: 'done' | 'failed';
  /** Routes that answer with a server error instead ("GET /metrics"). */
  failing?: string[];
  /** The Write Back destinations and jobs (./writeback/fixtures' by default). */
  writeback?: WritebackRouteOptions;
}

/** The Audience Intelligence routes over in-memory profiles; saving and deleting views changes the list. */
export function audienceRoutes(options: AudienceRoutesOptions = {}): MockRoutes {
  const users = options.users ?? AUDIENCE_USERS;
  let views = [...(options.views ?? SAVED_VIEWS)];
  const jobSteps = options.jobSteps ?? 2;
  const polls = new Map<string, number>();
  const kinds = new Map<string, AudienceJobKind>();
  const failing = new Set(options.failing ?? []);
  const base = '/api/audience-intelligence';
  const guarded =
    (name: string, handler: (call: MockCall, params: string[]) => MockAnswer) =>
    (call: MockCall, params: string[]): MockAnswer =>
      failing.has(name) ? failure('internal_error') : handler(call, params);
  const job = (id: string): AudienceJob => {
    const kind = kinds.get(id) ?? 'reclassify';
    const seen = (polls.get(id) ?? 0) + 1;
    polls.set(id, seen);
    if (seen > jobSteps) return jobOf(kind, options.jobOutcome ?? 'done', users.length, users.length);
    return jobOf(kind, 'running', Math.round((users.length * seen) / (jobSteps + 1)), users.length);
  };
  const start = (kind: AudienceJobKind): MockAnswer => {
    const started = jobOf(kind, 'queued', 0, users.length);
    kinds.set(started.id, kind);
    return { status: 202, body: started };
  };
  const routes: PatternRoute[] = [
    ['GET', new RegExp(`^${base}/metrics$`), guarded('GET /metrics', (call) => ({ body: metricsOfUsers(selectUsers(users, call), options.computedAt === undefined ? ago(0.2) : options.computedAt) }))],
    ['GET', new RegExp(`^${base}/categories$`), guarded('GET /categories', (call) => ({ body: categoriesOfUsers(selectUsers(users, call)) }))],
    [
      'GET',
      new RegExp(`^${base}/categories/([^/]+)/users$`),
      guarded('GET /categories/users', (call, [categoryId]) => pageOf(selectUsers(users, call).filter((user) => user.categories.includes(categoryId as CategoryId)), call)),
    ],
    ['GET', new RegExp(`^${base}/users$`), guarded('GET /users', (call) => pageOf(selectUsers(users, call), call))],
    [
      'GET',
      new RegExp(`^${base}/users/([^/]+)$`),
      guarded('GET /users/:id', (_call, [id]) => {
        const user = users.find((entry) => entry.id === id);
        return user ? { body: userDetail(user) } : failure('not_found');
      }),
    ],
    ['GET', new RegExp(`^${base}/views$`), guarded('GET /views', () => ({ body: views }))],
    [
      'POST',
      new RegExp(`^${base}/views$`),
      guarded('POST /views', (call) => {
        const { name, filters, search, categoryId } = call.body as Pick<AudienceView, 'name' | 'filters' | 'search' | 'categoryId'>;
        const saved: AudienceView = {
          name,
          filters,
          search,
          categoryId,
          id: `5b0f3c7a-2d1e-4f6a-8b9c-${String(views.length + 1).padStart(12, '0')}`,
          description: '',
          userCount: users.length,
          coverage: AUDIENCE_METRICS.dataSourceCoverage,
          createdAt: new Date(NOW).toISOString(),
        };
        views = [...views, saved];
        return { status: 201, body: saved };
      }),
    ],
    [
      'DELETE',
      new RegExp(`^${base}/views/([^/]+)$`),
      guarded('DELETE /views', (_call, [id]) => {
        views = views.filter((view) => view.id !== id);
        return { status: 204 };
      }),
    ],
    ['POST', new RegExp(`^${base}/reclassify$`), guarded('POST /reclassify', () => start('reclassify'))],
    ['POST', new RegExp(`^${base}/rebuild$`), guarded('POST /rebuild', () => start('rebuild'))],
    ['GET', new RegExp(`^${base}/jobs/latest$`), guarded('GET /jobs/latest', () => ({ body: options.latestJob ?? null }))],
    ['GET', new RegExp(`^${base}/jobs/([^/]+)$`), guarded('GET /jobs/:id', (_call, [id]) => ({ body: job(id) }))],
    ...writebackPatterns({
      countQuery: ({ categoryId, ...query }) => {
        const params = Object.fromEntries(Object.entries(audienceParams(ACME_ID, query)).filter((entry): entry is [string, string] => entry[1] !== undefined));
        const selected = selectUsers(users, { method: 'POST', path: `${base}/writeback`, query: params, body: undefined, headers: {} });
        return categoryId ? selected.filter((user) => user.categories.includes(categoryId)).length : selected.length;
      },
      ...options.writeback,
    }),
  ];
  return patternRoutes(routes);
}
