/**
 * Acme Retail's overview as the BFF answers it, for stories and tests: metrics for every range
 * (bucket labels from the same range rules the server uses), the user's preferences, the
 * category lookup, a drilled-in category's series and the per-key breakdown. Figures follow a
 * fixed pattern, so every story shows the same charts.
 */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { partialBucketOf, resolveRange } from '@domain/dashboard/buckets';
import {
  DASHBOARD_CHARTS,
  DASHBOARD_MESSAGES,
  DEFAULT_SEGMENT_CATEGORIES,
  type ApiKeyBreakdownRow,
  type CategoryChoice,
  type CategoryLookup,
  type CategorySeries,
  type DashboardMetrics,
  type DashboardMetricsQuery,
  type DashboardPreferences,
  type DashboardRange,
  type SavedChart,
} from '@domain/dashboard/contract';
import { NotificationsProvider } from '@/lib/notifications';
import type { Session } from '@/lib/session';
import { failure, patternRoutes, type MockAnswer, type MockCall, type MockRoutes } from '@/lib/testing/mockFetch';
import { acmeCompany, companyAdminSession, SessionFixture } from '@/lib/testing/sessions';

/** "Now" of every fixture: a Monday morning in late November 2026. */
export const FIXTURE_NOW = Date.parse('2026-11-23T10:30:00Z');
export const ACME_ID = acmeCompany.id;
export const ACME_NAME = acmeCompany.name;

/** The company admin of Acme Retail, with notices shown. */
export function withOverviewSession(session: Session = companyAdminSession, companyFilter?: string): Decorator {
  const WithOverviewSession: Decorator = (Story) =>
    createElement(SessionFixture, { session, companyFilter, children: createElement(NotificationsProvider, null, createElement(Story)) });
  return WithOverviewSession;
}

/** A smooth, repeatable wave: the same "random" figures on every run. */
const wave = (index: number, base: number, swing: number, phase = 0) => Math.round(base + swing * Math.sin(index * 1.3 + phase) + (swing / 3) * Math.cos(index * 0.7));

/** How much each bucket of a range holds, roughly (4 hours, a day, a week, a month of traffic). */
const SCALE: Record<string, number> = { '4h': 0.2, day: 1, week: 7, month: 30 };

const SEGMENT_USERS = [1_284, 2_917, 412, 3_106, 1_955, 868, 2_431, 307, 1_640, 219];
const SEGMENT_CONVERSION = [2.4, 5.8, 11.2, 3.1, 4.6, 3.9, 4.2, 13.7, 1.8, 9.5];

export function metricsFor(query: DashboardMetricsQuery = {}, name: string = ACME_NAME): DashboardMetrics {
  const range = query.range ?? '7d';
  const resolved = resolveRange({ range, from: query.from, to: query.to }, FIXTURE_NOW);
  const scale = SCALE[resolved.bucket] ?? 1;
  const count = resolved.buckets.length;
  // The last bucket is under way at FIXTURE_NOW: it holds only the part of it that has passed.
  const partial = partialBucketOf(resolved, FIXTURE_NOW);
  const share = (index: number) => (index === partial?.index ? partial.elapsed : 1);
  const calls = resolved.buckets.map((_, index) => Math.max(0, Math.round(wave(index, 420, 90) * scale * share(index))));
  const recommendations = calls.map((value, index) => Math.round(value * (4.6 + (index % 3) * 0.3)));
  const clicks = recommendations.map((value, index) => Math.round(value * (0.061 + (index % 4) * 0.004)));
  const holdoutClicks = clicks.map((value, index) => Math.round(value * (0.62 + (index % 2) * 0.05)));
  const conversion = recommendations.map((value, index) => (value === 0 ? null : Math.round((3.2 + 0.9 * Math.sin(index)) * 10) / 10));
  const averageCallDurationMs = calls.map((value, index) => (value === 0 ? null : 38 + ((index * 7) % 23)));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const totalRecommendations = sum(recommendations);
  return {
    companyInfo: { name, timeZone: 'UTC' },
    range: { range, bucket: resolved.bucket, from: resolved.from, to: resolved.to },
    bucketStarts: resolved.buckets.map((bucket) => new Date(bucket.start).toISOString()),
    labels: resolved.buckets.map((bucket) => bucket.label),
    partial,
    recommendations,
    conversion,
    clicks,
    holdoutClicks,
    calls,
    averageCallDurationMs,
    totals: {
      recommendations: { value: totalRecommendations, previous: Math.round(totalRecommendations * 0.88) },
      conversion: { value: 3.6, previous: 3.9 },
      clicks: { value: sum(clicks), previous: Math.round(sum(clicks) * 0.93) },
      holdoutClicks: { value: sum(holdoutClicks), previous: Math.round(sum(holdoutClicks) * 1.02) },
      calls: { value: sum(calls), previous: count > 1 ? Math.round(sum(calls) * 0.91) : 0 },
      averageCallDurationMs: { value: 46, previous: 51 },
    },
    comparable: true,
    users: {
      categories: DEFAULT_SEGMENT_CATEGORIES.map((category) => category.label),
      categoryIds: DEFAULT_SEGMENT_CATEGORIES.map((category) => category.id),
      conversionRates: SEGMENT_CONVERSION,
      userCounts: SEGMENT_USERS,
      builtAt: new Date(FIXTURE_NOW - 3_600_000).toISOString(),
    },
    hasData: true,
  };
}

export const METRICS_7D = metricsFor({ range: '7d' });
export const METRICS_30D = metricsFor({ range: '30d' });

/** A brand-new company: nothing called, sent or imported yet. */
export function emptyMetrics(range: DashboardRange = '7d', name = 'Fresh Start Ltd'): DashboardMetrics {
  const metrics = metricsFor({ range }, name);
  const zeros = metrics.labels.map(() => 0);
  const nulls = metrics.labels.map(() => null);
  const none = { value: 0, previous: 0 };
  return {
    ...metrics,
    recommendations: zeros,
    conversion: nulls,
    clicks: zeros,
    holdoutClicks: zeros,
    calls: zeros,
    averageCallDurationMs: nulls,
    totals: {
      recommendations: none,
      conversion: { value: null, previous: null },
      clicks: none,
      holdoutClicks: none,
      calls: none,
      averageCallDurationMs: { value: null, previous: null },
    },
    comparable: false,
    users: { categories: [], categoryIds: [], conversionRates: [], userCounts: [], builtAt: null },
    hasData: false,
  };
}

/** A saved view of the audience the "+ Add Category" lookup finds. */
export const VIP_VIEW: CategoryLookup = { kind: 'view', id: 'view-vip-shoppers', name: 'VIP Shoppers', userCount: 186, conversionRate: 17.4 };
/** An audience category outside the ten defaults. */
export const AT_RISK: CategoryLookup = { kind: 'category', id: 'at-risk', name: 'At Risk', userCount: 742, conversionRate: 0.9 };
export const LOOKUPS: readonly CategoryLookup[] = [VIP_VIEW, AT_RISK];

export function seriesFor(kind: 'category' | 'view', id: string, name: string, query: DashboardMetricsQuery = {}): CategorySeries {
  const metrics = metricsFor(query);
  const seed = id.length;
  const share = (index: number) => (index === metrics.partial?.index ? metrics.partial.elapsed : 1);
  return {
    kind,
    id,
    name,
    bucket: metrics.range.bucket,
    points: metrics.labels.map((label, index) => ({
      date: metrics.bucketStarts[index],
      label,
      responses: Math.round(wave(index, 40, 12, seed) * share(index)),
      users: Math.max(0, Math.round(wave(index, 180, 45, seed) * share(index))),
      conversion: Math.round((4 + 2 * Math.sin(index + seed)) * 10) / 10,
      clicks: Math.max(0, Math.round(wave(index, 22, 6, seed) * share(index))),
    })),
    partial: metrics.partial,
  };
}

export const API_KEY_ROWS: ApiKeyBreakdownRow[] = [
  { apiKeyId: 'key-storefront', name: 'Storefront (production)', calls: 2_480, errors: 12, p50Ms: 34, p95Ms: 118, itemsServed: 11_920 },
  { apiKeyId: 'key-email', name: 'Email recommendations', calls: 412, errors: 0, p50Ms: 41, p95Ms: 96, itemsServed: 2_060 },
  { apiKeyId: 'key-staging', name: 'Staging', calls: 37, errors: 5, p50Ms: 55, p95Ms: null, itemsServed: 111 },
];

export const SAVED_CHART: SavedChart & { id: `saved-${string}` } = {
  id: 'saved-1763891400000' as const,
  label: 'Premium conversion',
  category: { kind: 'category', id: 'premium', name: 'Premium Users' },
  mode: 'conversion',
  options: { chartType: 'line' },
  createdAt: '2026-11-20T09:15:00.000Z',
};

export const DEFAULT_PREFERENCES: DashboardPreferences = { savedCharts: [], gridOrder: [...DASHBOARD_CHARTS], chartTypes: {}, extraCategories: [] };
export const USED_PREFERENCES: DashboardPreferences = {
  savedCharts: [SAVED_CHART],
  gridOrder: ['calls', 'recommendations', 'conversion', 'clicks', 'duration', 'segments'],
  chartTypes: { calls: 'bar' },
  extraCategories: [{ kind: VIP_VIEW.kind, id: VIP_VIEW.id, name: VIP_VIEW.name }],
};

export interface OverviewRoutesOptions {
  metrics?: (query: Record<string, string>) => DashboardMetrics;
  preferences?: DashboardPreferences;
  /** Routes that answer 500 (or, for metrics, a given answer). */
  failing?: ReadonlyArray<'metrics' | 'preferences' | 'series' | 'api-keys' | 'save'>;
  /** Milliseconds before the metrics answer; Infinity never answers. */
  metricsDelayMs?: number;
}

/** An in-memory dashboard BFF: preferences written by PUT are what the next GET returns. */
export function overviewRoutes(options: OverviewRoutesOptions = {}): MockRoutes {
  let preferences = structuredClone(options.preferences ?? DEFAULT_PREFERENCES);
  const failing = new Set(options.failing ?? []);
  const rangeOf = (call: MockCall): DashboardMetricsQuery => ({
    range: (call.query.range as DashboardRange | undefined) ?? '7d',
    from: call.query.from,
    to: call.query.to,
  });
  const metrics = (call: MockCall): MockAnswer => {
    if (failing.has('metrics')) return failure('internal_error');
    const query = rangeOf(call);
    if (query.range === 'custom' && query.from && query.to && query.from > query.to) {
      return failure('invalid_parameter', { error: DASHBOARD_MESSAGES.customOrder });
    }
    return { body: options.metrics ? options.metrics(call.query) : metricsFor(query), delayMs: options.metricsDelayMs };
  };
  return patternRoutes([
    ['GET', /^\/api\/dashboard\/metrics$/, metrics],
    ['GET', /^\/api\/dashboard\/preferences$/, () => (failing.has('preferences') ? failure('internal_error') : { body: preferences })],
    [
      'PUT',
      /^\/api\/dashboard\/preferences$/,
      (call) => {
        if (failing.has('save')) return failure('internal_error');
        preferences = structuredClone(call.body as DashboardPreferences);
        return { body: preferences };
      },
    ],
    [
      'GET',
      /^\/api\/dashboard\/categories$/,
      () => ({
        body: [
          ...DEFAULT_SEGMENT_CATEGORIES.map((category): CategoryChoice => ({ kind: 'category', id: category.id, name: category.label })),
          ...LOOKUPS.filter((lookup) => lookup.kind === 'view').map((lookup): CategoryChoice => ({ kind: 'view', id: lookup.id, name: lookup.name })),
        ],
      }),
    ],
    [
      'GET',
      /^\/api\/dashboard\/categories\/lookup$/,
      (call) => {
        const name = (call.query.name ?? '').trim();
        const found = LOOKUPS.find((lookup) => lookup.name.toLowerCase() === name.toLowerCase());
        return found ? { body: found } : failure('not_found', { error: DASHBOARD_MESSAGES.categoryNotFound(name) });
      },
    ],
    [
      'GET',
      /^\/api\/dashboard\/categories\/(category|view)\/([^/]+)\/series$/,
      (call, [kind, id]) => {
        if (failing.has('series')) return failure('internal_error');
        const name = [...LOOKUPS, ...DEFAULT_SEGMENT_CATEGORIES.map((category) => ({ id: category.id, name: category.label }))].find((entry) => entry.id === id)?.name ?? id;
        return { body: seriesFor(kind as 'category' | 'view', id, name, rangeOf(call)) };
      },
    ],
    ['GET', /^\/api\/dashboard\/api-keys$/, () => (failing.has('api-keys') ? failure('internal_error') : { body: API_KEY_ROWS })],
  ]);
}
