/**
 * Data types and an in-memory stand-in for the data-type routes, for the stories of this feature.
 * The companies and sessions are those of src/lib/testing, so every screen's stories sign in as
 * the same people.
 */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import type { DataType } from '@domain/dataTypes/dataTypes';
import { NotificationsProvider } from '@/lib/notifications';
import { ALL_COMPANIES, isGlobalAdmin, type Session } from '@/lib/session';
import { COMPANY_LIST, SESSIONS } from '@/lib/testing/fixtures';
import { failure, type MockAnswer, type MockCall, type MockRoutes } from '@/lib/testing/mockFetch';
import { acmeCompany, globexCompany, SessionFixture } from '@/lib/testing/sessions';

/** A user of Acme Retail who may look at data types but not change them (data_sources:read only). */
export const READ_ONLY_SESSION: Session = {
  ...SESSIONS.user,
  permissions: ['dashboard:read', 'data_sources:read'],
};

/** Signs in with any session (withSession takes only the shared fixtures' names), notices included. */
export function withDataTypesSession(session: Session, companyFilter = ALL_COMPANIES): Decorator {
  const WithDataTypesSession: Decorator = (Story) =>
    createElement(SessionFixture, {
      session,
      companyFilter,
      children: createElement(NotificationsProvider, null, createElement(Story)),
    });
  return WithDataTypesSession;
}

function dataType(
  id: string,
  name: string,
  dataFieldName: string,
  type: DataType['type'],
  company: { id: string; name: string } | null,
  details: Partial<DataType> = {},
): DataType {
  return {
    id,
    name,
    dataFieldName,
    type,
    description: null,
    companyId: company?.id ?? null,
    companyName: company?.name ?? null,
    createdByName: 'Ada Admin',
    createdByProfileName: 'Ada',
    createdByEmail: 'admin@navout.example',
    createdAt: '2026-04-02T09:00:00.000Z',
    ...details,
  };
}

const alice = { createdByName: 'Alice Martin', createdByProfileName: 'Alice', createdByEmail: 'alice@acme.example' };
const carol = { createdByName: 'Carol Chen', createdByProfileName: 'Carol', createdByEmail: 'carol@globex.example' };

export const DATA_TYPES = {
  ageBand: dataType('dt-age', 'Age Band', 'age_band', 'static', null, { description: 'The age range a respondent falls in.' }),
  lastPurchase: dataType('dt-last-purchase', 'Last Purchase Date', 'last_purchase_at', 'dynamic', null, {
    description: 'Updated from the order history on every import.',
  }),
  loyaltyTier: dataType('dt-loyalty', 'Loyalty Tier', 'loyalty_tier', 'static', acmeCompany, {
    description: 'Bronze, Silver or Gold, from the loyalty programme.',
    ...alice,
  }),
  preferredStore: dataType('dt-store', 'Preferred Store', 'preferred_store', 'dynamic', acmeCompany, alice),
  clinic: dataType('dt-clinic', 'Home Clinic', 'home_clinic', 'static', globexCompany, {
    description: 'The clinic a patient visits most.',
    ...carol,
  }),
} satisfies Record<string, DataType>;

export const DATA_TYPE_LIST: DataType[] = Object.values(DATA_TYPES);

/** What a company's members see: their own company's types and the global ones. */
export const visibleTo = (companyId: string, types: DataType[] = DATA_TYPE_LIST) =>
  types.filter((type) => type.companyId === null || type.companyId === companyId);

export interface DataTypeApiOptions {
  /** The types the list answers; they change as the story creates, edits and deletes. */
  dataTypes?: DataType[];
  /** The signed-in session: a new type is its user's, under its company unless a companyId is sent. */
  session?: Session;
  /** Replaces the answer of one call, a failure say. */
  overrides?: MockRoutes;
}

/** GET, POST, PUT and DELETE of /api/data-types over a list kept in memory, and the companies list. */
export function dataTypeApiRoutes({ dataTypes = DATA_TYPE_LIST, session = SESSIONS.globalAdmin, overrides = {} }: DataTypeApiOptions = {}): MockRoutes {
  let types = [...dataTypes];
  let created = 0;
  const companyName = (id: string | null) => (id ? (COMPANY_LIST.find((company) => company.id === id)?.name ?? null) : null);

  const byId = (call: MockCall): [DataType | undefined, string] => {
    const id = decodeURIComponent(call.path.split('/').pop() ?? '');
    return [types.find((type) => type.id === id), id];
  };

  const item = (call: MockCall): MockAnswer => {
    const [found, id] = byId(call);
    if (!found) return failure('not_found', { error: 'Data type not found' });
    if (call.method === 'DELETE') {
      types = types.filter((type) => type.id !== id);
      return { status: 204 };
    }
    const changed: DataType = { ...found, ...(call.body as Partial<DataType>), id: found.id, companyId: found.companyId, companyName: found.companyName };
    types = types.map((type) => (type.id === id ? changed : type));
    return { body: changed };
  };

  return {
    'GET /api/companies': { body: COMPANY_LIST },
    'GET /api/data-types': () => ({ body: types }),
    'POST /api/data-types': ({ body }) => {
      const input = body as Pick<DataType, 'name' | 'dataFieldName' | 'type' | 'description'> & { companyId?: string };
      const companyId = isGlobalAdmin(session) ? (input.companyId ?? null) : session.company.id;
      const saved: DataType = {
        ...input,
        description: input.description || null,
        id: `dt-new-${++created}`,
        companyId,
        companyName: companyName(companyId),
        createdByName: session.user.name,
        createdByProfileName: session.user.profileName,
        createdByEmail: session.user.email,
        createdAt: '2026-05-30T09:00:00.000Z',
      };
      types = [...types, saved];
      return { status: 201, body: saved };
    },
    'PUT /api/data-types/*': item,
    'DELETE /api/data-types/*': item,
    ...overrides,
  };
}
