/**
 * Keys, custom attributes, usage, recent calls, the OpenAPI document and an in-memory stand-in
 * for the Outbound API routes, for the stories and tests of this feature. The companies and
 * sessions are those of src/lib/testing.
 */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import type {
  ApiKeySummary,
  CallComparison,
  CreatedApiKey,
  CustomAttribute,
  PredictExample,
  PredictionCallRecord,
  PredictRequest,
  PredictResponse,
  UsageSummary,
} from '@domain/prediction/contract';
import { NotificationsProvider } from '@/lib/notifications';
import { ALL_COMPANIES, type Session } from '@/lib/session';
import { SESSIONS } from '@/lib/testing/fixtures';
import { failure, patternRoutes, type MockAnswer, type MockCall, type MockRoutes, type PatternRoute } from '@/lib/testing/mockFetch';
import { SessionFixture } from '@/lib/testing/sessions';
import type { OpenApiDocument } from './docs/openApi';

/** A user of Acme Retail who may look at the API screen but change nothing (api:read only). */
export const API_READ_ONLY_SESSION: Session = { ...SESSIONS.user, permissions: ['dashboard:read', 'api:read'] };

export function withApiSession(session: Session = SESSIONS.companyAdmin, companyFilter = ALL_COMPANIES): Decorator {
  const WithApiSession: Decorator = (Story) =>
    createElement(SessionFixture, { session, companyFilter, children: createElement(NotificationsProvider, null, createElement(Story)) });
  return WithApiSession;
}

export const ACME_ID = SESSIONS.companyAdmin.company.id;

/** 64 letters and digits, as the server makes them. */
export const SAMPLE_TOKEN = 'nv8Kq2rT5xWmZ4bYc7LdP0sFh3JgAe6UiO9tRkVnMwQyXzBa1CdEfGhIjKlMnOpQ'.slice(0, 64);

export const API_KEYS: ApiKeySummary[] = [
  {
    id: 'key-web',
    name: 'Storefront recommendations',
    description: 'Product pages and the home page carousel',
    prefix: 'nv8Kq2rT',
    permissions: ['read'],
    isActive: true,
    createdAt: '2026-05-02T09:12:00.000Z',
    lastUsedAt: '2026-06-14T11:58:21.000Z',
  },
  {
    id: 'key-etl',
    name: 'Nightly catalogue sync',
    description: 'Pushes items and events from the warehouse',
    prefix: 'Zp41aQ9c',
    permissions: ['read', 'write'],
    isActive: true,
    createdAt: '2026-05-10T18:40:00.000Z',
    lastUsedAt: '2026-06-14T02:00:04.000Z',
  },
  {
    id: 'key-old',
    name: 'Old mobile app',
    description: null,
    prefix: 'Hy7mW2eB',
    permissions: ['admin'],
    isActive: false,
    createdAt: '2026-03-21T08:00:00.000Z',
    lastUsedAt: null,
  },
];

export const CUSTOM_ATTRIBUTES: CustomAttribute[] = [
  { id: 'attr-tier', name: 'loyalty_tier', type: 'string', createdAt: '2026-05-03T10:00:00.000Z', updatedAt: '2026-05-03T10:00:00.000Z' },
  { id: 'attr-budget', name: 'max_budget', type: 'number', createdAt: '2026-05-04T12:30:00.000Z', updatedAt: '2026-05-20T08:15:00.000Z' },
  { id: 'attr-gift', name: 'is_gift', type: 'boolean', createdAt: '2026-05-06T16:45:00.000Z', updatedAt: '2026-05-06T16:45:00.000Z' },
];

function hourlySeries(hours: number, from: string): UsageSummary['series'] {
  const start = Date.parse(from);
  return Array.from({ length: hours }, (_, hour) => {
    // A day's shape: quiet at night, busy around noon and the evening; fixed, so stories are stable.
    const calls = Math.round(40 + 160 * Math.sin((Math.PI * ((hour + 18) % 24)) / 24) ** 2);
    return { at: new Date(start + hour * 3_600_000).toISOString(), calls, errors: hour % 7 === 3 ? 2 : 0 };
  });
}

function dailySeries(days: number, from: string): UsageSummary['series'] {
  const start = Date.parse(from);
  return Array.from({ length: days }, (_, day) => ({
    at: new Date(start + day * 86_400_000).toISOString(),
    calls: 2_400 + ((day * 37) % 11) * 90 + (day % 7 >= 5 ? 800 : 0),
    errors: (day * 13) % 5,
  }));
}

export const USAGE: Record<'24h' | '30d', UsageSummary> = {
  '24h': { range: '24h', calls: 2_681, errors: 6, zeroResults: 41, p50Ms: 6, p95Ms: 14, p99Ms: 19, series: hourlySeries(24, '2026-06-13T12:00:00.000Z') },
  '30d': { range: '30d', calls: 84_120, errors: 61, zeroResults: 1_204, p50Ms: 5, p95Ms: 13, p99Ms: 21, series: dailySeries(30, '2026-05-16T00:00:00.000Z') },
};

export const EMPTY_USAGE: UsageSummary = { range: '24h', calls: 0, errors: 0, zeroResults: 0, p50Ms: null, p95Ms: null, p99Ms: null, series: [] };

export const PREDICT_REQUEST = {
  query: 'trail running shoes',
  top_k: 5,
  filters: { available: true, price: { lte: 150 } },
  metadata: { user_id: 'u-1042', channel: 'web' },
};

export const PREDICT_RESPONSE: PredictResponse = {
  model: 'discovery@settings4/snapshot27',
  latency_ms: 7,
  query: 'trail running shoes',
  top_k: 5,
  total_results: 3,
  holdout: false,
  custom_attributes_received: { loyalty_tier: 'gold' },
  request_id: 'req_01J0W2K8Q3',
  items: [
    {
      id: 'sku-3301',
      title: 'Ridge Runner GTX',
      score: 0.912,
      explanation: 'Matches “trail running shoes”, and viewed by 37 people who also viewed Summit Trail 2.',
      reasons: [
        { signal: 'contentDiscovery', contribution: 0.48, evidence: 'Matches “trail running shoes” in title and tags' },
        { signal: 'viewingPatterns', contribution: 0.31, evidence: 'Viewed by 37 people who also viewed Summit Trail 2' },
      ],
      source: 'ranked',
      metadata: { category: 'Footwear', price: 139, tags: ['trail', 'running', 'waterproof'] },
    },
    {
      id: 'sku-2874',
      title: 'Summit Trail 2',
      score: 0.845,
      explanation: 'Matches “trail running shoes”; views up 3.2x in 24 h.',
      reasons: [
        { signal: 'contentDiscovery', contribution: 0.44, evidence: 'Matches “trail running shoes” in title' },
        { signal: 'trendingContent', contribution: 0.29, evidence: 'Views up 3.2x in 24 h' },
      ],
      source: 'ranked',
      metadata: { category: 'Footwear', price: 119, tags: ['trail', 'running'] },
    },
    {
      id: 'sku-0412',
      title: 'Merino Running Socks',
      score: 0.402,
      explanation: 'Popular with shoppers right now.',
      reasons: [],
      source: 'popular',
      metadata: { category: 'Accessories', price: 18, tags: ['socks'] },
    },
  ],
};

export const RECENT_CALLS: PredictionCallRecord[] = [
  {
    id: 'call-1',
    apiKeyId: 'key-web',
    apiKeyName: 'Storefront recommendations',
    endpoint: 'predict',
    status: 200,
    errorCode: null,
    latencyMs: 7,
    itemsServed: 3,
    zeroResults: false,
    holdout: false,
    settingsVersion: 3,
    snapshotVersion: 27,
    request: PREDICT_REQUEST,
    items: [
      { id: 'sku-2874', score: 0.87, topSignal: 'trendingContent' },
      { id: 'sku-3301', score: 0.85, topSignal: 'contentDiscovery' },
      { id: 'sku-0977', score: 0.51, topSignal: 'genreBased' },
    ],
    createdAt: '2026-06-14T11:58:21.000Z',
  },
  {
    id: 'call-2',
    apiKeyId: 'key-etl',
    apiKeyName: 'Nightly catalogue sync',
    endpoint: 'events',
    status: 200,
    errorCode: null,
    latencyMs: 31,
    itemsServed: 0,
    zeroResults: false,
    holdout: false,
    settingsVersion: null,
    snapshotVersion: null,
    request: null,
    items: [],
    createdAt: '2026-06-14T02:00:04.000Z',
  },
  {
    id: 'call-3',
    apiKeyId: 'key-old',
    apiKeyName: 'Old mobile app',
    endpoint: 'predict',
    status: 401,
    errorCode: 'api_key_paused',
    latencyMs: 1,
    itemsServed: 0,
    zeroResults: true,
    holdout: false,
    settingsVersion: null,
    snapshotVersion: null,
    request: { query: 'gift ideas', top_k: 10 },
    items: [],
    createdAt: '2026-06-13T19:22:40.000Z',
  },
];

export const CALL_COMPARISON: CallComparison = {
  call: RECENT_CALLS[0],
  replay: PREDICT_RESPONSE,
  items: [
    { id: 'sku-3301', title: 'Ridge Runner GTX', before: 2, after: 1, movedBy: { signal: 'contentDiscovery', delta: 0.06 } },
    { id: 'sku-2874', title: 'Summit Trail 2', before: 1, after: 2, movedBy: { signal: 'trendingContent', delta: -0.05 } },
    { id: 'sku-0412', title: 'Merino Running Socks', before: null, after: 3, movedBy: null },
    { id: 'sku-0977', title: 'Canyon Hiker Mid', before: 3, after: null, movedBy: { signal: 'genreBased', delta: -0.12 } },
  ],
};

const jsonContent = (example: unknown) => ({ 'application/json': { example } });

export const OPENAPI_DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Navout Prediction API', version: '1.0.0' },
  servers: [{ url: '/api' }],
  paths: {
    '/v1/predict': {
      post: {
        summary: 'Recommend items',
        description: 'Ranks the catalogue for a query and a person, with an explanation per item. Needs a key with read.',
        requestBody: { content: jsonContent(PREDICT_REQUEST) },
        responses: { '200': { description: 'The ranked items', content: jsonContent(PREDICT_RESPONSE) } },
      },
    },
    '/v1/events': {
      post: {
        summary: 'Record interactions',
        description: 'One event or a batch of up to 1,000; idempotent by event_id. Needs a key with write.',
        requestBody: {
          content: jsonContent({
            events: [{ event_id: 'evt-88121', user_id: 'u-1042', item_id: 'sku-3301', type: 'view', timestamp: '2026-06-14T11:58:00Z' }],
          }),
        },
        responses: { '200': { description: 'What was stored', content: jsonContent({ received: 1, stored: 1, duplicates: 0 }) } },
      },
    },
    '/v1/items': {
      put: {
        summary: 'Upsert catalogue items',
        requestBody: {
          content: jsonContent({ items: [{ id: 'sku-3301', title: 'Ridge Runner GTX', category: 'Footwear', price: 139, tags: ['trail', 'running'], stock: 84 }] }),
        },
        responses: { '200': { description: 'What was written', content: jsonContent({ received: 1, created: 0, updated: 1 }) } },
      },
    },
    '/v1/usage': {
      get: {
        summary: 'This key’s usage',
        responses: { '200': { description: 'Calls and latency', content: jsonContent({ range: '24h', calls: 2681, errors: 6 }) } },
      },
    },
  },
};

export interface OutboundApiState {
  keys?: ApiKeySummary[];
  attributes?: CustomAttribute[];
  usage?: Record<'24h' | '30d', UsageSummary>;
  calls?: PredictionCallRecord[];
  predict?: MockAnswer | ((call: MockCall) => MockAnswer);
  /** The company's predict example and its answer; null for a company with no catalogue yet. */
  example?: PredictExample | null;
}

/** Acme's own predict example, as GET /api/api-keys/example makes it from its furniture catalogue. */
export const ACME_PREDICT_EXAMPLE: PredictRequest = {
  query: 'oak dining table',
  top_k: 3,
  filters: { category: 'Furniture' },
  metadata: { channel: 'web' },
  custom_attributes: { room: 'dining' },
};

/** The API's answer to Acme's example, shown under it as its response. */
export const ACME_PREDICT_ANSWER: PredictResponse = {
  model: 'discovery@settings2/snapshot14',
  latency_ms: 3.87,
  query: 'oak dining table',
  top_k: 3,
  total_results: 2,
  holdout: false,
  custom_attributes_received: { room: 'dining' },
  request_id: '0b7e4c52-58c1-4f0e-9d3a-6a1f2e8b9c10',
  items: [
    {
      id: 'ACM-10412',
      title: 'Oak Dining Table',
      score: 3.412907,
      explanation: 'Matches “oak dining table” in its title, and it is meant for the dining room.',
      reasons: [
        { signal: 'contentDiscovery', contribution: 2.61044, evidence: 'Matches “oak dining table” in its title and tags' },
        { signal: 'customAttributes', contribution: 0.802467, evidence: 'room is dining' },
      ],
      source: 'ranked',
      metadata: { category: 'Furniture', price: 649, tags: ['furniture', 'scandinavian', 'dining table'] },
    },
    {
      id: 'ACM-11076',
      title: 'Oak Side Table',
      score: 2.170551,
      explanation: 'Matches “oak table” in its title.',
      reasons: [{ signal: 'contentDiscovery', contribution: 2.170551, evidence: 'Matches “oak table” in its title' }],
      source: 'ranked',
      metadata: { category: 'Furniture', price: 189, tags: ['furniture', 'farmhouse', 'side table'] },
    },
  ],
};

export const ACME_EXAMPLE: PredictExample = { request: ACME_PREDICT_EXAMPLE, response: ACME_PREDICT_ANSWER };

const NOW = '2026-06-14T12:00:00.000Z';

/** An in-memory server for the Outbound API screen: creating, pausing and deleting change its lists. */
export function outboundApiRoutes(state: OutboundApiState = {}): MockRoutes {
  let keys = [...(state.keys ?? API_KEYS)];
  let attributes = [...(state.attributes ?? CUSTOM_ATTRIBUTES)];
  const usage = state.usage ?? USAGE;
  const calls = state.calls ?? RECENT_CALLS;
  let created = 0;

  const routes: PatternRoute[] = [
    ['GET', /^\/api\/api-keys$/, () => ({ body: keys })],
    [
      'POST',
      /^\/api\/api-keys$/,
      (call) => {
        const input = call.body as { name: string; description: string; permissions: ApiKeySummary['permissions'] };
        created += 1;
        const key: ApiKeySummary = {
          id: `key-new-${created}`,
          name: input.name,
          description: input.description || null,
          prefix: SAMPLE_TOKEN.slice(0, 8),
          permissions: input.permissions,
          isActive: true,
          createdAt: NOW,
          lastUsedAt: null,
        };
        keys = [...keys, key];
        return { status: 201, body: { key, token: SAMPLE_TOKEN } satisfies CreatedApiKey };
      },
    ],
    ['POST', /^\/api\/api-keys\/test-key$/, () => ({ status: 201, body: { token: SAMPLE_TOKEN.split('').reverse().join(''), expiresAt: '2026-06-14T12:15:00.000Z' } })],
    ['GET', /^\/api\/api-keys\/usage$/, (call) => ({ body: usage[call.query.range === '30d' ? '30d' : '24h'] })],
    ['GET', /^\/api\/api-keys\/calls$/, (call) => ({ body: call.query.keyId ? calls.filter((entry) => entry.apiKeyId === call.query.keyId) : calls })],
    ['POST', /^\/api\/api-keys\/calls\/([^/]+)\/compare$/, (_call, [id]) => (id === CALL_COMPARISON.call.id ? { body: CALL_COMPARISON } : failure('not_found'))],
    [
      'PATCH',
      /^\/api\/api-keys\/([^/]+)$/,
      (call, [id]) => {
        const { isActive } = call.body as { isActive: boolean };
        keys = keys.map((key) => (key.id === id ? { ...key, isActive } : key));
        const key = keys.find((entry) => entry.id === id);
        return key ? { body: key } : failure('not_found');
      },
    ],
    [
      'DELETE',
      /^\/api\/api-keys\/([^/]+)$/,
      (_call, [id]) => {
        keys = keys.filter((key) => key.id !== id);
        return { status: 204 };
      },
    ],
    ['GET', /^\/api\/custom-attributes$/, () => ({ body: attributes })],
    [
      'POST',
      /^\/api\/custom-attributes$/,
      (call) => {
        const input = call.body as Pick<CustomAttribute, 'name' | 'type'>;
        const attribute: CustomAttribute = { id: `attr-new-${attributes.length + 1}`, ...input, createdAt: NOW, updatedAt: NOW };
        attributes = [...attributes, attribute];
        return { status: 201, body: attribute };
      },
    ],
    [
      'PUT',
      /^\/api\/custom-attributes\/([^/]+)$/,
      (call, [id]) => {
        const input = call.body as Pick<CustomAttribute, 'name' | 'type'>;
        attributes = attributes.map((attribute) => (attribute.id === id ? { ...attribute, ...input, updatedAt: NOW } : attribute));
        return { body: attributes.find((attribute) => attribute.id === id) };
      },
    ],
    [
      'DELETE',
      /^\/api\/custom-attributes\/([^/]+)$/,
      (_call, [id]) => {
        attributes = attributes.filter((attribute) => attribute.id !== id);
        return { status: 204 };
      },
    ],
    ['GET', /^\/api\/v1\/openapi\.json$/, () => ({ body: OPENAPI_DOCUMENT })],
    ['GET', /^\/api\/api-keys\/example$/, () => ({ body: state.example === undefined ? ACME_EXAMPLE : (state.example ?? { request: null, response: null }) })],
  ];
  const served = patternRoutes(routes);
  const dispatch = served['GET /api/*'];
  return {
    'POST /api/v1/predict': state.predict ?? { body: PREDICT_RESPONSE },
    ...served,
    // patternRoutes serves GET, POST, PUT and DELETE: pausing a key is a PATCH.
    'PATCH /api/*': dispatch,
  };
}
