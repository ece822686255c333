/** Audit log entries for the stories: a company's sign-ins, keys, credentials and exports, and a person's erasure. */
import type { AuditEntryView, AuditPage } from '@domain/audit/types';
import type { MockRoutes } from '@/lib/testing/mockFetch';

const ACME = '6f1c2a0e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const ALICE = { kind: 'user', id: '0b7e4c1a-2d3f-4a5b-9c6d-7e8f9a0b1c2d', email: 'alice@acme.example' } as const;

const entry = (id: number, fields: Partial<AuditEntryView> & Pick<AuditEntryView, 'action' | 'target' | 'createdAt'>): AuditEntryView => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  companyId: ACME,
  actor: ALICE,
  address: '198.51.100.23',
  code: null,
  changes: null,
  ...fields,
});

export const EXPORT_ENTRY = entry(1, {
  action: 'profiles_exported',
  target: { type: 'export', id: null, label: 'Spring campaign' },
  changes: { after: { rows: 14365, range: 'all' } },
  createdAt: '2027-01-24T16:42:10.000Z',
});
export const CREDENTIALS_ENTRY = entry(2, {
  action: 'data_source_credentials_changed',
  target: { type: 'data_source', id: '11111111-2222-4333-8444-555555555555', label: 'Stripe' },
  changes: { after: { apiKey: 'changed' } },
  createdAt: '2027-01-24T15:05:00.000Z',
});
export const KEY_ENTRY = entry(3, {
  action: 'api_key_created',
  target: { type: 'api_key', id: '22222222-3333-4444-8555-666666666666', label: 'Storefront' },
  changes: { after: { name: 'Storefront', scopes: ['read', 'write'] } },
  createdAt: '2027-01-24T14:30:00.000Z',
});
export const ROLE_ENTRY = entry(4, {
  action: 'user_permissions_changed',
  target: { type: 'user', id: '33333333-4444-4555-8666-777777777777', label: 'bob@acme.example' },
  changes: { before: { role: 'user' }, after: { role: 'company_admin' } },
  createdAt: '2027-01-24T11:12:00.000Z',
});
export const REFUSED_ENTRY = entry(5, {
  action: 'password_sign_in_failed',
  actor: { kind: 'anonymous', id: null, email: 'alice@acme.example' },
  address: '203.0.113.7',
  code: 'invalid_credentials',
  target: { type: 'user', id: ALICE.id, label: 'alice@acme.example' },
  createdAt: '2027-01-24T09:01:00.000Z',
});
export const SSO_ENTRY = entry(6, {
  action: 'sso_sign_in',
  target: { type: 'user', id: ALICE.id, label: 'alice@acme.example' },
  createdAt: '2027-01-24T09:00:00.000Z',
});

export const AUDIT_ENTRIES = [EXPORT_ENTRY, CREDENTIALS_ENTRY, KEY_ENTRY, ROLE_ENTRY, REFUSED_ENTRY, SSO_ENTRY];

const ERASED = '[erased:3f9a1c0be27d4a58]';
const ERASURE_ID = '44444444-5555-4666-8777-888888888888';

/** A person erased: Navout's entry saying their identifiers were replaced, and the entries that named them. */
export const SCRUB_ENTRY = entry(7, {
  action: 'audit_entries_scrubbed',
  actor: { kind: 'system', id: null, email: null },
  address: null,
  target: { type: 'person', id: ERASURE_ID, label: 'j***@example.com' },
  changes: { after: { entries: 2, replacedBy: [ERASED] } },
  createdAt: '2027-01-25T10:00:41.000Z',
});
export const ERASURE_REQUEST_ENTRY = entry(8, {
  action: 'person_erasure_requested',
  target: { type: 'person', id: ERASURE_ID, label: 'j***@example.com' },
  changes: { after: { identifierType: 'email' } },
  createdAt: '2027-01-25T10:00:00.000Z',
});
export const SCRUBBED_EXPORT_ENTRY = entry(9, {
  action: 'person_exported',
  target: { type: 'person', id: null, label: ERASED },
  changes: { after: { identifierType: 'email' } },
  createdAt: '2027-01-25T09:58:00.000Z',
});
export const ERASURE_ENTRIES = [SCRUB_ENTRY, ERASURE_REQUEST_ENTRY, SCRUBBED_EXPORT_ENTRY];

/** The route: the first page, then (with the cursor) the rest; `action` filters. */
export function auditLogApiRoutes(entries: AuditEntryView[] = AUDIT_ENTRIES, pageSize = 4): MockRoutes {
  return {
    'GET /api/audit-log': ({ query }) => {
      const matching = entries.filter((item) => (!query.action || item.action === query.action) && (!query.targetType || item.target.type === query.targetType));
      const start = query.cursor ? Number(query.cursor) : 0;
      const page: AuditPage = { entries: matching.slice(start, start + pageSize), nextCursor: start + pageSize < matching.length ? String(start + pageSize) : null };
      return { body: page };
    },
  };
}
