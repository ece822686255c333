/**
 * Connected sources and an in-memory stand-in for the data-source routes, for the stories of this
 * feature. The companies and sessions are those of src/lib/testing, so every screen's stories
 * sign in as the same people.
 */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { catalogueSource } from '@domain/data/catalogue';
import { FILE_UPLOAD_TYPE, type DataSource } from '@domain/data/sources';
import type { Company } from '@domain/auth/types';
import { NotificationsProvider } from '@/lib/notifications';
import { ALL_COMPANIES, type Session } from '@/lib/session';
import { COMPANY_LIST, SESSIONS } from '@/lib/testing/fixtures';
import { failure, patternRoutes, type MockRoutes, type PatternRoute } from '@/lib/testing/mockFetch';
import { acmeCompany, globexCompany, SessionFixture } from '@/lib/testing/sessions';

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
    ...details,
  };
}

export const SOURCES = {
  googleAnalytics: source('ds-ga', 'google-analytics', acmeCompany.id, {
    records: 48_213,
    config: JSON.stringify({ accountId: 'GA4-318220154' }),
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
  stripe: source('ds-stripe', 'stripe', acmeCompany.id, { records: 0, status: 'error', lastSync: null }),
  globexShopify: source('ds-globex-shopify', 'shopify', globexCompany.id, { records: 12_480 }),
} satisfies Record<string, DataSource>;

/** What the signed-in company admin of Acme Retail has connected. */
export const ACME_SOURCES: DataSource[] = [SOURCES.googleAnalytics, SOURCES.hubspot, SOURCES.customersCsv, SOURCES.stripe];

/** Every company's sources, as a global admin viewing all companies gets them. */
export const ALL_SOURCES: DataSource[] = [...ACME_SOURCES, SOURCES.globexShopify];

/** The honest answer to Sync Now: no connector fetches from any source yet. */
export const SYNC_UNAVAILABLE_MESSAGE =
  'Google Analytics cannot be synced yet: no connector for it is built. Import a file to bring its data in.';

export interface DataSourceApiOptions {
  sources?: DataSource[];
  companies?: Company[];
  /** The signed-in session: a global admin must name a company for writes. */
  session?: Session;
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
}: DataSourceApiOptions = {}): MockRoutes {
  let sources = initialSources.map((entry) => ({ ...entry }));
  const isGlobalAdmin = session.role === 'admin';
  const byId = (id: string) => sources.find((entry) => entry.id === id);

  const routes: PatternRoute[] = [
    ['GET', /^\/api\/data-sources$/, () => ({ body: sources })],
    ['POST', /^\/api\/data-sources$/, ({ body }) => {
      const input = body as { catalogueId: string; apiKey: string; accountId?: string | null; companyId?: string | null };
      const companyId = isGlobalAdmin ? input.companyId : session.company.id;
      if (!companyId) return failure('company_required');
      if (sources.some((entry) => entry.companyId === companyId && entry.availableDataSource?.id === input.catalogueId)) {
        return failure('already_exists', { message: 'This source is already connected.' });
      }
      const created = source(`ds-new-${sources.length + 1}`, input.catalogueId, companyId, {
        records: 0,
        lastSync: null,
        config: JSON.stringify(input.accountId ? { accountId: input.accountId } : {}),
      });
      sources = [...sources, created];
      return { status: 201, body: created };
    }],
    ['POST', /^\/api\/data-sources\/([^/]+)\/sync$/, (_call, [id]) => {
      const found = byId(id);
      if (!found) return failure('not_found');
      return failure('sync_unavailable', {
        message: SYNC_UNAVAILABLE_MESSAGE.replace('Google Analytics', found.name),
      });
    }],
    ['PUT', /^\/api\/data-sources\/([^/]+)$/, ({ body }, [id]) => {
      const found = byId(id);
      if (!found) return failure('not_found');
      const { apiKey, accountId, ...changes } = body as Partial<DataSource> & { apiKey?: string; accountId?: string | null };
      const config = accountId === undefined ? found.config : JSON.stringify({ ...JSON.parse(found.config), accountId });
      const updated: DataSource = { ...found, ...changes, config, hasCredentials: found.hasCredentials || Boolean(apiKey) };
      sources = sources.map((entry) => (entry.id === id ? updated : entry));
      return { body: updated };
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
  ];

  return patternRoutes(routes);
}
