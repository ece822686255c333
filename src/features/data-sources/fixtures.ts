/**
 * Connected sources and an in-memory stand-in for the data-source routes, for the stories of this
 * feature. The companies and sessions are those of src/lib/testing, so every screen's stories
 * sign in as the same people.
 */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { catalogueSource } from '@domain/data/catalogue';
import {
  CONNECTOR_MESSAGES,
  INGEST_SECRET_PREFIX,
  type ConnectorDefinition,
  type ConnectorSettingValues,
  type IngestEndpoint,
  type SyncRunView,
  type SyncSchedule,
} from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';
import {
  customCatalogueId,
  customCatalogueSource,
  customConnectorDefinition,
  customConnectorFields,
  customConnectorIdOf,
  customConnectorSettings,
  readCustomDefinition,
  type CustomConnectorView,
} from '@domain/data/customConnectors';
import { ManifestError } from '@domain/data/connectorManifest/schema';
import { FILE_UPLOAD_TYPE, type DataSource } from '@domain/data/sources';
import type { Company } from '@domain/auth/types';
import { NotificationsProvider } from '@/lib/notifications';
import { ALL_COMPANIES, type Session } from '@/lib/session';
import { COMPANY_LIST, SESSIONS } from '@/lib/testing/fixtures';
import { failure, patternRoutes, type MockRoutes, type PatternRoute } from '@/lib/testing/mockFetch';
import { acmeCompany, globexCompany, SessionFixture } from '@/lib/testing/sessions';
import { ConnectorDefinitionsProvider } from './connectorDefinitions';

// --- connectors ----------------------------------------------------------------------------------

/** A vendor connector as the stories know it: a key, an optional account id, a configurable base URL. */
const vendor = (catalogueId: string): ConnectorDefinition => ({
  catalogueId,
  kind: 'vendor',
  documentation: `https://developers.example.com/${catalogueId}`,
  settings: [
    { name: 'apiKey', label: 'API Key', input: 'password', required: true, secret: true },
    { name: 'accountId', label: 'Account ID', input: 'text', required: false },
    { name: 'baseUrl', label: 'API base URL', input: 'url', required: false, defaultValue: `https://api.${catalogueId}.example.com` },
  ],
});

/** A connector as the product defines it: the stories follow its real settings. */
const realConnector = (catalogueId: string): ConnectorDefinition => {
  const found = connectorDefinition(catalogueId);
  if (!found) throw new Error(`No connector ${catalogueId}`);
  return found;
};

/**
 * The connectors of the stories (connectorLookup): REST and PostgreSQL as the product defines them,
 * stand-ins for the others, so which sources are connectable does not follow whichever connectors
 * the catalogue has today. Sources not listed (Adobe Analytics, Matomo, Pipedrive, ...) have no
 * connector here.
 */
export const STORY_CONNECTORS: readonly ConnectorDefinition[] = [
  { catalogueId: 'webhook', kind: 'webhook', settings: [] },
  { catalogueId: 'segment', kind: 'webhook', settings: [] },
  realConnector('rest-api'),
  realConnector('postgresql'),
  {
    catalogueId: 'graphql',
    kind: 'graphql',
    settings: [
      { name: 'endpoint', label: 'GraphQL endpoint', input: 'url', required: true },
      { name: 'query', label: 'Query', input: 'textarea', required: true },
    ],
  },
  ...['google-analytics', 'salesforce', 'hubspot', 'shopify', 'stripe', 'calendly', 'mailchimp', 'amazon-s3', 'wordpress'].map(vendor),
];

const connectorOf = (catalogueId: string) => STORY_CONNECTORS.find((definition) => definition.catalogueId === catalogueId);

/** Pins STORY_CONNECTORS as the connectors of the screens inside. */
export const withConnectors: Decorator = (Story) =>
  createElement(ConnectorDefinitionsProvider, { definitions: STORY_CONNECTORS, children: createElement(Story) });

/** A user of Acme Retail who may look at its data but not change it (data_sources:read only). */
export const READ_ONLY_SESSION: Session = {
  ...SESSIONS.user,
  permissions: ['dashboard:read', 'data_sources:read'],
};

/** Signs in with any session (withSession takes only the shared fixtures' names), notices included. */
export function withDataSession(session: Session, companyFilter = ALL_COMPANIES): Decorator {
  const WithDataSession: Decorator = (Story) =>
    createElement(SessionFixture, {
      session,
      companyFilter,
      children: createElement(NotificationsProvider, null, createElement(Story)),
    });
  return WithDataSession;
}

function source(
  id: string,
  catalogueId: string,
  companyId: string,
  details: Partial<DataSource> & Pick<DataSource, 'records'>,
): DataSource {
  const entry = catalogueSource(catalogueId);
  return {
    id,
    companyId,
    name: entry?.name ?? id,
    description: entry?.description ?? null,
    type: entry?.category ?? FILE_UPLOAD_TYPE,
    status: 'active',
    lastSync: '2026-05-28T14:20:00.000Z',
    config: '{}',
    availableDataSource: entry ? { id: entry.id, name: entry.name } : null,
    recordKind: entry?.recordKind ?? 'people',
    fields: [],
    mapping: {},
    hasCredentials: true,
    keyField: null,
    createdAt: '2026-04-02T09:00:00.000Z',
    connectorKind: (entry && connectorOf(entry.id)?.kind) ?? null,
    schedule: 'off',
    settings: {},
    lastRun: null,
    ingest: null,
    ...details,
  };
}

/** A finished (or running) sync run of a source. */
export function run(sourceId: string, index: number, details: Partial<SyncRunView> = {}): SyncRunView {
  const started = Date.parse('2026-05-30T08:00:00.000Z') - index * 3_600_000;
  return {
    id: `run-${sourceId}-${index}`,
    sourceId,
    status: 'succeeded',
    trigger: index % 2 === 0 ? 'manual' : 'schedule',
    attempt: 1,
    createdAt: new Date(started).toISOString(),
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date(started + 95_000).toISOString(),
    runAfter: new Date(started).toISOString(),
    added: 0,
    updated: 0,
    failed: 0,
    processed: 0,
    firstError: null,
    ...details,
  };
}

export const STRIPE_ERROR = 'Stripe: Invalid API Key provided: rk_live_****4242 (401 authentication_error).';
export const REST_ERROR = 'api.example.com answered 500 Internal Server Error three times; the last sync stopped at page 4.';

export const SOURCES = {
  googleAnalytics: source('ds-ga', 'google-analytics', acmeCompany.id, {
    records: 48_213,
    config: JSON.stringify({ accountId: 'GA4-318220154' }),
    settings: { accountId: 'GA4-318220154', baseUrl: 'https://api.google-analytics.example.com' },
  }),
  hubspot: source('ds-hubspot', 'hubspot', acmeCompany.id, { records: 3_120, lastSync: '2026-05-30T08:05:00.000Z' }),
  customersCsv: source('ds-customers', 'csv-upload', acmeCompany.id, {
    name: 'customers.csv',
    description: 'Imported CSV file with 2500 records',
    type: FILE_UPLOAD_TYPE,
    records: 2_500,
    hasCredentials: false,
    fields: ['customer_id', 'email', 'full_name', 'city', 'signup_date'],
    keyField: 'customer_id',
  }),
  stripe: source('ds-stripe', 'stripe', acmeCompany.id, {
    records: 0,
    status: 'error',
    lastSync: null,
    lastRun: run('ds-stripe', 0, { status: 'failed', attempt: 4, failed: 0, firstError: STRIPE_ERROR }),
  }),
  globexShopify: source('ds-globex-shopify', 'shopify', globexCompany.id, { records: 12_480 }),
  restApi: source('ds-rest', 'rest-api', acmeCompany.id, {
    name: 'Customers API',
    records: 1_840,
    schedule: 'hourly',
    settings: { url: 'https://api.example.com/v1/customers', method: 'GET', recordsPath: 'data', pageSize: '100', cursorField: 'updated_at' },
    lastRun: run('ds-rest', 0, { added: 40, updated: 12, processed: 52 }),
  }),
  restSyncing: source('ds-rest-syncing', 'rest-api', acmeCompany.id, {
    name: 'Orders API',
    status: 'syncing',
    records: 9_200,
    schedule: 'daily',
    settings: { url: 'https://api.example.com/v1/orders', method: 'GET', recordsPath: 'items', pageSize: '500', cursorField: 'updated_at' },
    lastRun: run('ds-rest-syncing', 0, { status: 'running', finishedAt: null, processed: 1_250 }),
  }),
  restFailed: source('ds-rest-failed', 'rest-api', acmeCompany.id, {
    name: 'Products API',
    status: 'error',
    records: 310,
    settings: { url: 'https://api.example.com/v1/products', method: 'GET', recordsPath: '', pageSize: '100' },
    lastRun: run('ds-rest-failed', 0, { status: 'failed', attempt: 4, added: 0, failed: 3, processed: 300, firstError: REST_ERROR }),
  }),
  webhook: source('ds-webhook', 'webhook', acmeCompany.id, {
    records: 12_034,
    hasCredentials: true,
    ingest: { url: 'http://localhost:3000/api/ingest/ds-webhook', secretHint: `${INGEST_SECRET_PREFIX}7Qm2…` },
  }),
} satisfies Record<string, DataSource>;

/** The REST source's history: newest first, a failed scheduled run among them. */
export const REST_RUNS: SyncRunView[] = [
  SOURCES.restApi.lastRun as SyncRunView,
  run('ds-rest', 1, { added: 0, updated: 31, processed: 31 }),
  run('ds-rest', 2, { status: 'failed', attempt: 4, failed: 2, processed: 2, firstError: REST_ERROR }),
  run('ds-rest', 3, { added: 1_800, processed: 1_800 }),
];

/** Acme's sources with a pulled REST source and a pushed webhook source next to them. */
export const CONNECTOR_SOURCES: DataSource[] = [SOURCES.restApi, SOURCES.webhook, SOURCES.hubspot, SOURCES.stripe];

/** What the signed-in company admin of Acme Retail has connected. */
export const ACME_SOURCES: DataSource[] = [SOURCES.googleAnalytics, SOURCES.hubspot, SOURCES.customersCsv, SOURCES.stripe];

/** Every company's sources, as a global admin viewing all companies gets them. */
export const ALL_SOURCES: DataSource[] = [...ACME_SOURCES, SOURCES.globexShopify];

/** What the test connection stand-in answers when a value contains "bad": the vendor's words. */
export const VENDOR_REFUSAL = 'The API answered 401 Unauthorized: the key is not valid or has been revoked.';
/** The whole secret the ingest-secret stand-in answers. */
export const STORY_INGEST_SECRET = `${INGEST_SECRET_PREFIX}Zr8KqL2vN5xT0wYb3mHc6dFg`;
/** Records a successful stand-in sync adds. */
export const SYNC_ADDS = 250;

// --- custom connectors -----------------------------------------------------------------------------

/** A company's own CRM, as its admin would write the definition: Airbyte's spec asks for the address and the token. */
export const STORY_CUSTOM_DEFINITION = {
  version: 1,
  name: 'Field Sales CRM',
  authenticator: { type: 'BearerAuthenticator', api_token: "{{ config['api_token'] }}" },
  check: { type: 'CheckStream', stream_names: ['contacts'] },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'contacts',
      primary_key: 'id',
      retriever: {
        type: 'SimpleRetriever',
        requester: { type: 'HttpRequester', url_base: "{{ config['base_url'] }}", path: '/v2/contacts' },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['data'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'cursor' },
          pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.next_cursor }}' },
        },
      },
      fields: { id: 'id', email: 'email', full_name: 'name', region: 'territory.region' },
    },
  ],
  spec: {
    type: 'Spec',
    documentation_url: 'https://crm.example.com/docs/api',
    connection_specification: {
      type: 'object',
      required: ['base_url', 'api_token'],
      properties: {
        base_url: { type: 'string', title: 'API address', format: 'uri', examples: ['https://acme.crm.example.com'], order: 0 },
        api_token: { type: 'string', title: 'API token', airbyte_secret: true, order: 1 },
      },
    },
  },
};

/** A custom connector as the API answers it, from a definition as the company brought it. */
export function customConnector(id: string, definition: unknown, details: Partial<CustomConnectorView> = {}): CustomConnectorView {
  const manifest = readCustomDefinition(definition);
  return {
    id,
    companyId: acmeCompany.id,
    name: manifest.name,
    catalogueId: customCatalogueId(id),
    urlBase: manifest.streams[0].retriever.requester.url_base,
    definition: manifest,
    settings: customConnectorSettings(manifest),
    fields: customConnectorFields(manifest),
    sources: 0,
    createdAt: '2026-05-20T09:00:00.000Z',
    updatedAt: '2026-05-20T09:00:00.000Z',
    ...details,
  };
}

export const STORY_CUSTOM_CONNECTORS: CustomConnectorView[] = [
  customConnector('9b2f6c1e-3d4a-4b5c-8d6e-7f8091a2b3c4', STORY_CUSTOM_DEFINITION),
  customConnector('1c3e5a7b-9d2f-4e6a-8b1c-3d5e7f9a1b2c', { ...STORY_CUSTOM_DEFINITION, name: 'Loyalty Programme Points Ledger with a long name' }),
];

export interface DataSourceApiOptions {
  /** The company's custom connectors (default STORY_CUSTOM_CONNECTORS). */
  customConnectors?: CustomConnectorView[];
  sources?: DataSource[];
  companies?: Company[];
  /** The signed-in session: a global admin must name a company for writes. */
  session?: Session;
  /** Sync runs by source id, newest first. */
  runs?: Record<string, SyncRunView[]>;
  /** A sync run of the stand-in fails with this first error instead of succeeding. */
  syncError?: string;
}

const hasBadValue = (values: ConnectorSettingValues | undefined, apiKey: string | undefined) =>
  [apiKey, ...Object.values(values ?? {})].some((value) => typeof value === 'string' && value.includes('bad'));

/** Secret settings are kept out of what a source shows (the server never returns them). */
/** A posted definition read as the server reads it: the same field path in a refusal as the real BFF gives. */
function readDefinition(body: unknown): { parsed: unknown } | { refusal: ReturnType<typeof failure> } {
  const { definition } = body as { definition: string };
  try {
    const parsed: unknown = JSON.parse(definition);
    readCustomDefinition(parsed);
    return { parsed };
  } catch (error) {
    const path = error instanceof ManifestError && error.path ? `definition.${error.path}` : 'definition';
    return { refusal: failure('validation_failed', { error: 'Invalid connector definition', message: error instanceof Error ? error.message : 'unreadable', fields: { [path]: 'invalid' } }) };
  }
}

function visibleSettings(catalogueId: string | undefined, values: ConnectorSettingValues | undefined, definition = connectorOf(catalogueId ?? '')): ConnectorSettingValues {
  const secret = new Set(definition?.settings.filter((setting) => setting.secret).map((setting) => setting.name));
  return Object.fromEntries(Object.entries(values ?? {}).filter(([name]) => !secret.has(name)));
}


/**
 * An in-memory BFF for the Data Sources screen, for mockFetch: writes change the list, so the
 * reload after a write shows the change. Exact "METHOD /path" keys added next to these routes take
 * precedence (a failure, a delay). mockFetch passes no query string on, so a global admin's
 * filtered view is set up with `sources`.
 */
export function dataSourceApiRoutes({
  sources: initialSources = ACME_SOURCES,
  companies = COMPANY_LIST,
  session = SESSIONS.companyAdmin,
  runs: initialRuns = { [SOURCES.restApi.id]: REST_RUNS },
  syncError,
  customConnectors: initialConnectors = STORY_CUSTOM_CONNECTORS,
}: DataSourceApiOptions = {}): MockRoutes {
  let sources = initialSources.map((entry) => ({ ...entry }));
  let connectors = initialConnectors.map((entry) => ({ ...entry }));
  /** A custom connector's catalogue entry and settings, as the server resolves them for the company. */
  const customOf = (catalogueId: string) => {
    const found = connectors.find((each) => each.catalogueId === catalogueId);
    return found ? { catalogue: customCatalogueSource(found.id, found.definition), definition: customConnectorDefinition(found.id, found.definition) } : undefined;
  };
  const runs = new Map(Object.entries(initialRuns).map(([id, list]) => [id, [...list]]));
  const isGlobalAdmin = session.role === 'admin';
  const byId = (id: string) => sources.find((entry) => entry.id === id);
  const replace = (updated: DataSource) => {
    sources = sources.map((entry) => (entry.id === updated.id ? updated : entry));
    return updated;
  };

  /**
   * The worker's stand-in: every read of the list moves a sync on by one step (queued, running
   * with progress, then done), so a polling screen sees progress and then the final state.
   */
  const advance = () => {
    for (const entry of sources) {
      const current = entry.lastRun;
      if (!current || (current.status !== 'queued' && current.status !== 'running')) continue;
      const now = new Date().toISOString();
      let next: SyncRunView;
      if (current.status === 'queued') next = { ...current, status: 'running', startedAt: now, processed: Math.round(SYNC_ADDS / 2) };
      else if (syncError) next = { ...current, status: 'failed', finishedAt: now, processed: SYNC_ADDS, failed: 1, firstError: syncError };
      else next = { ...current, status: 'succeeded', finishedAt: now, processed: SYNC_ADDS, added: SYNC_ADDS };
      const done = next.status === 'succeeded' || next.status === 'failed';
      replace({
        ...entry,
        lastRun: next,
        status: !done ? 'syncing' : next.status === 'failed' ? 'error' : 'active',
        records: next.status === 'succeeded' ? entry.records + SYNC_ADDS : entry.records,
        lastSync: next.status === 'succeeded' ? now : entry.lastSync,
      });
      runs.set(entry.id, [next, ...(runs.get(entry.id) ?? []).filter((each) => each.id !== next.id)]);
    }
  };

  const routes: PatternRoute[] = [
    ['GET', /^\/api\/data-sources$/, () => {
      advance();
      return { body: sources };
    }],
    ['POST', /^\/api\/data-sources\/test-connection$/, ({ body }) => {
      const input = body as { catalogueId: string; sourceId?: string | null; apiKey?: string; settings?: ConnectorSettingValues };
      const name = catalogueSource(input.catalogueId)?.name ?? customOf(input.catalogueId)?.catalogue.name ?? input.catalogueId;
      // A saved source (its settings dialog): one out of reach is not found, and a setting left out is its stored value.
      const saved = input.sourceId ? byId(input.sourceId) : undefined;
      if (input.sourceId && !saved) return failure('not_found');
      if (saved && saved.availableDataSource?.id !== input.catalogueId) {
        return failure('validation_failed', { fields: { sourceId: `Not a ${name} source` }, message: 'Test the source with its own catalogue entry.' });
      }
      if (hasBadValue({ ...saved?.settings, ...input.settings }, input.apiKey)) return failure('connection_failed', { message: VENDOR_REFUSAL });
      return { body: { message: CONNECTOR_MESSAGES.testPassed(name) } };
    }],
    ['POST', /^\/api\/data-sources$/, ({ body }) => {
      const input = body as { catalogueId: string; name?: string; apiKey?: string; settings?: ConnectorSettingValues; companyId?: string | null };
      const companyId = isGlobalAdmin ? input.companyId : session.company.id;
      if (!companyId) return failure('company_required');
      const own = sources.filter((entry) => entry.companyId === companyId && entry.availableDataSource?.id === input.catalogueId);
      // Under the entry's own name, any source of it is the connection; another needs a name of its own.
      if (input.name ? own.some((entry) => entry.name.toLowerCase() === input.name!.trim().toLowerCase()) : own.length > 0) {
        return input.name
          ? failure('already_exists', { error: `${input.name} is already connected`, message: 'Give this source another name.', fields: { name: 'Another source of this company has this name' } })
          : failure('already_exists', { message: 'This source is already connected.' });
      }
      const custom = customOf(input.catalogueId);
      if (customConnectorIdOf(input.catalogueId) !== null && !custom) return failure('validation_failed', { fields: { catalogueId: 'Unknown source' }, message: 'Choose a source from the catalogue.' });
      const settings = visibleSettings(input.catalogueId, input.settings, custom?.definition);
      const created = source(`ds-new-${sources.length + 1}`, input.catalogueId, companyId, {
        ...(custom
          ? { name: custom.catalogue.name, type: custom.catalogue.category, availableDataSource: { id: custom.catalogue.id, name: custom.catalogue.name }, connectorKind: 'vendor' as const }
          : {}),
        ...(input.name ? { name: input.name.trim() } : {}),
        records: 0,
        lastSync: null,
        settings,
        hasCredentials: Boolean(input.apiKey) || Object.keys(input.settings ?? {}).length > Object.keys(settings).length,
        config: JSON.stringify(settings),
      });
      sources = [...sources, created];
      return { status: 201, body: created };
    }],
    ['POST', /^\/api\/data-sources\/([^/]+)\/sync$/, (_call, [id]) => {
      const found = byId(id);
      if (!found) return failure('not_found');
      if (found.connectorKind === 'webhook') return failure('sync_unavailable', { message: CONNECTOR_MESSAGES.pushedSource(found.name) });
      if (found.lastRun?.status === 'queued' || found.lastRun?.status === 'running') {
        return failure('sync_unavailable', { error: 'Already syncing', message: CONNECTOR_MESSAGES.alreadySyncing(found.name) });
      }
      const now = new Date().toISOString();
      const queued: SyncRunView = { ...run(id, 0), id: `run-${id}-${Date.now()}`, status: 'queued', trigger: 'manual', createdAt: now, runAfter: now, startedAt: null, finishedAt: null };
      replace({ ...found, status: 'syncing', lastRun: queued });
      runs.set(id, [queued, ...(runs.get(id) ?? [])]);
      return { status: 202, body: queued };
    }],
    ['GET', /^\/api\/data-sources\/([^/]+)\/runs$/, (_call, [id]) => (byId(id) ? { body: runs.get(id) ?? [] } : failure('not_found'))],
    ['PUT', /^\/api\/data-sources\/([^/]+)\/schedule$/, ({ body }, [id]) => {
      const found = byId(id);
      if (!found) return failure('not_found');
      const { schedule } = body as { schedule: SyncSchedule };
      return { body: replace({ ...found, schedule }) };
    }],
    ['POST', /^\/api\/data-sources\/([^/]+)\/ingest-secret$/, (_call, [id]) => {
      const found = byId(id);
      if (!found) return failure('not_found');
      const ingest: IngestEndpoint = { url: `http://localhost:3000/api/ingest/${id}`, secretHint: `${STORY_INGEST_SECRET.slice(0, 8)}…` };
      replace({ ...found, ingest, hasCredentials: true });
      return { body: { ...ingest, secret: STORY_INGEST_SECRET } };
    }],
    ['PUT', /^\/api\/data-sources\/([^/]+)$/, ({ body }, [id]) => {
      const found = byId(id);
      if (!found) return failure('not_found');
      const { apiKey, accountId, settings, ...changes } = body as Partial<DataSource> & {
        apiKey?: string;
        accountId?: string | null;
        settings?: ConnectorSettingValues;
      };
      const config = accountId === undefined ? found.config : JSON.stringify({ ...JSON.parse(found.config), accountId });
      const shown = visibleSettings(found.availableDataSource?.id, settings);
      const storesSecret = Boolean(apiKey) || Object.keys(settings ?? {}).length > Object.keys(shown).length;
      const updated: DataSource = {
        ...found,
        ...changes,
        config,
        settings: { ...found.settings, ...shown },
        hasCredentials: found.hasCredentials || storesSecret,
      };
      return { body: replace(updated) };
    }],
    ['DELETE', /^\/api\/data-sources\/([^/]+)$/, (_call, [id]) => {
      if (!byId(id)) return failure('not_found');
      sources = sources.filter((entry) => entry.id !== id);
      return { status: 204 };
    }],
    ['POST', /^\/api\/requests$/, ({ body }) => {
      const input = body as { kind: string; subject: string; link: string };
      return { status: 201, body: { id: 'r-1', companyId: session.company.id, createdAt: '2026-06-01T10:00:00.000Z', ...input } };
    }],
    ['GET', /^\/api\/companies$/, () => ({ body: companies })],
    ['GET', /^\/api\/data-sources\/custom-connectors$/, () => ({
      body: connectors.map((each) => ({ ...each, sources: sources.filter((entry) => entry.availableDataSource?.id === each.catalogueId).length })),
    })],
    ['POST', /^\/api\/data-sources\/custom-connectors$/, ({ body }) => {
      const read = readDefinition(body);
      if ('refusal' in read) return read.refusal;
      const parsed = read.parsed;
      const created = customConnector(`c0ffee00-0000-4000-8000-${String(connectors.length + 1).padStart(12, '0')}`, parsed, { companyId: session.company.id });
      if (connectors.some((each) => each.name === created.name)) {
        return failure('already_exists', { message: `A custom connector named ${created.name} already exists.`, fields: { 'definition.name': 'Another custom connector of this company has this name' } });
      }
      connectors = [...connectors, created];
      return { status: 201, body: created };
    }],
    ['PUT', /^\/api\/data-sources\/custom-connectors\/([^/]+)$/, ({ body }, [id]) => {
      const found = connectors.find((each) => each.id === id);
      if (!found) return failure('not_found');
      const read = readDefinition(body);
      if ('refusal' in read) return read.refusal;
      const parsed = read.parsed;
      const saved = { ...customConnector(found.id, parsed, { companyId: found.companyId }), createdAt: found.createdAt };
      if (connectors.some((each) => each.id !== id && each.name === saved.name)) {
        return failure('already_exists', { message: `A custom connector named ${saved.name} already exists.`, fields: { 'definition.name': 'Another custom connector of this company has this name' } });
      }
      connectors = connectors.map((each) => (each.id === id ? saved : each));
      return { body: { ...saved, sources: sources.filter((entry) => entry.availableDataSource?.id === saved.catalogueId).length } };
    }],
    ['DELETE', /^\/api\/data-sources\/custom-connectors\/([^/]+)$/, (_call, [id]) => {
      const found = connectors.find((each) => each.id === id);
      if (!found) return failure('not_found');
      const users = sources.filter((entry) => entry.availableDataSource?.id === found.catalogueId);
      if (users.length) return failure('already_exists', { error: 'Custom connector in use', message: `${found.name} is used by ${users.map((entry) => entry.name).join(', ')}: delete that source first.` });
      connectors = connectors.filter((each) => each.id !== id);
      return { status: 204 };
    }],
  ];

  return patternRoutes(routes);
}
