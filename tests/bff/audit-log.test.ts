/**
 * The audit log: security and administration actions done through the real routes each leave one
 * entry with who did it, from which address, for which company and on what (secrets only ever as
 * "changed"); company administrators read their own company's entries, a global admin everyone's;
 * the log is filtered, paged and downloaded as CSV, and no route changes or deletes an entry.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AuditEntryView, AuditPage } from '@domain/audit/types';
import { AuditEntry, type Company, type User } from '@bff/entities';
import { addProfiles } from './support/exportProfiles';
import { unique, useWorld, type World } from './support/world';

const PASSWORD = 'Audit-Pass-2026';
const STRIPE_KEY = 'sk_test_audit_secret_4c1f9e27';
const ROTATED_KEY = 'sk_test_audit_rotated_83bd20aa';

describe('audit log', () => {
  const world = useWorld();

  /** A company of the test's own with its administrator (who can sign in). */
  async function tenant(w: World): Promise<{ company: Company; admin: User }> {
    const company = await w.addCompany({ name: unique('Audited') });
    const admin = await w.addUser(company.id, { role: 'company_admin', password: PASSWORD });
    return { company, admin };
  }

  async function entries(w: World, who: Parameters<World['bearer']>[0], query: Record<string, string> = {}): Promise<AuditEntryView[]> {
    const response = await w.http.get('/api/audit-log').set(w.bearer(who)).query({ limit: '200', ...query });
    expect(response.status).toBe(200);
    return (response.body as AuditPage).entries;
  }

  const only = (list: AuditEntryView[], action: AuditEntryView['action']) => {
    const found = list.filter((entry) => entry.action === action);
    expect(found, `${action} in ${JSON.stringify(list.map((entry) => entry.action))}`).toHaveLength(1);
    return found[0]!;
  };

  it('records password sign-ins, let in and refused, with the address they came from', async () => {
    const w = world();
    const { company, admin } = await tenant(w);
    const login = (password: string, address: string) => w.http.post('/api/auth/login').set('X-Forwarded-For', address).send({ email: admin.email, password });
    expect((await login('Wrong-Pass-2026', '203.0.113.7')).status).toBe(401);
    expect((await login(PASSWORD, '198.51.100.23')).status).toBe(200);
    const unknown = await w.http.post('/api/auth/login').set('X-Forwarded-For', '192.0.2.99').send({ email: `${unique('nobody')}@example.test`, password: PASSWORD });
    expect(unknown.status).toBe(401);

    const list = await entries(w, admin);
    const refused = only(list, 'password_sign_in_failed');
    expect(refused).toMatchObject({ companyId: company.id, address: '203.0.113.7', code: 'invalid_credentials', actor: { kind: 'anonymous', id: admin.id, email: admin.email }, target: { type: 'user', id: admin.id } });
    const signedIn = only(list, 'password_sign_in');
    expect(signedIn).toMatchObject({ companyId: company.id, address: '198.51.100.23', code: null, actor: { kind: 'user', id: admin.id, email: admin.email }, target: { type: 'user', id: admin.id, label: admin.email } });
    // Newest first.
    expect(list.indexOf(signedIn)).toBeLessThan(list.indexOf(refused));
    // An address of no account belongs to no company: only the global admin sees it.
    expect(list.some((entry) => entry.address === '192.0.2.99')).toBe(false);
    const global = await entries(w, 'admin', { action: 'password_sign_in_failed' });
    expect(global.find((entry) => entry.address === '192.0.2.99')).toMatchObject({ companyId: null, actor: { kind: 'anonymous', id: null }, code: 'invalid_credentials' });
    // The password typed is in no entry.
    expect(JSON.stringify(global)).not.toContain('Wrong-Pass-2026');
  });

  it('records user, role and permission changes with their before and after', async () => {
    const w = world();
    const { company, admin } = await tenant(w);
    const as = w.bearer(admin);
    const invite = await w.http.post('/api/users/invite').set(as).set('X-Forwarded-For', '198.51.100.40').send({ email: `${unique('invitee')}@example.test`, name: 'New Person', role: 'user' });
    expect(invite.status).toBe(201);
    const member = await w.addUser(company.id, { role: 'user' });
    expect((await w.http.put(`/api/users/${member.id}/permissions`).set(as).send({ role: 'company_admin', permissions: ['dashboard:read', 'users:read'] })).status).toBe(200);
    expect((await w.http.put(`/api/users/${member.id}/status`).set(as).send({ status: 'suspended' })).status).toBe(200);
    expect((await w.http.post(`/api/users/${member.id}/reset-password`).set(as).send({ newPassword: 'Reset-Pass-2026!' })).status).toBe(204);
    expect((await w.http.delete(`/api/users/${member.id}`).set(as)).status).toBe(204);

    const list = await entries(w, admin, { targetType: 'user' });
    expect(only(list, 'user_invited')).toMatchObject({ address: '198.51.100.40', actor: { kind: 'user', id: admin.id, email: admin.email }, target: { type: 'user', id: invite.body.user.id }, changes: { after: { role: 'user' } } });
    expect(only(list, 'user_permissions_changed')).toMatchObject({
      target: { id: member.id, label: member.email },
      changes: { before: { role: 'user' }, after: { role: 'company_admin', permissions: ['dashboard:read', 'users:read'] } },
    });
    expect(only(list, 'user_status_changed').changes).toEqual({ before: { status: 'active' }, after: { status: 'suspended' } });
    expect(only(list, 'user_password_reset').changes).toEqual({ after: { password: 'changed' } });
    expect(only(list, 'user_deleted').target).toEqual({ type: 'user', id: member.id, label: member.email });
    expect(JSON.stringify(list)).not.toContain('Reset-Pass-2026!');
    // Filtered by actor: by id or by e-mail, the same entries.
    expect((await entries(w, admin, { actor: admin.email.toUpperCase() })).map((entry) => entry.id)).toEqual((await entries(w, admin, { actor: admin.id })).map((entry) => entry.id));
  });

  it('records API keys made, paused and revoked, never their tokens', async () => {
    const w = world();
    const { company, admin } = await tenant(w);
    const as = w.bearer(admin);
    const created = await w.http.post('/api/api-keys').set(as).send({ name: 'Storefront' });
    expect(created.status).toBe(201);
    const id = created.body.key.id as string;
    expect((await w.http.patch(`/api/api-keys/${id}`).set(as).send({ isActive: false })).status).toBe(200);
    expect((await w.http.delete(`/api/api-keys/${id}`).set(as)).status).toBe(204);

    const list = await entries(w, admin, { targetType: 'api_key' });
    expect(list.map((entry) => entry.action)).toEqual(['api_key_revoked', 'api_key_paused', 'api_key_created']);
    for (const entry of list) expect(entry).toMatchObject({ companyId: company.id, actor: { kind: 'user', id: admin.id }, target: { type: 'api_key', id, label: 'Storefront' } });
    expect(list[2]!.changes).toEqual({ after: { name: 'Storefront', prefix: created.body.token.slice(0, 8), scopes: ['read', 'write'] } });
    const rows = await w.em().find(AuditEntry, { auditedCompanyId: company.id });
    expect(JSON.stringify(rows)).not.toContain(created.body.token);
  });

  it("records a data source's credentials as changed, never their values, and its exports", async () => {
    const w = world();
    const { company, admin } = await tenant(w);
    const as = w.bearer(admin);
    const connected = await w.http.post('/api/data-sources').set(as).send({ catalogueId: 'stripe', apiKey: STRIPE_KEY });
    expect(connected.status).toBe(201);
    expect((await w.http.put(`/api/data-sources/${connected.body.id}`).set(as).send({ apiKey: ROTATED_KEY, name: 'Stripe (live)' })).status).toBe(200);
    await addProfiles(w, company.id, [{ email: 'one@audit.example', lastSeen: new Date() }, { email: 'two@audit.example', lastSeen: new Date() }]);
    const exported = await w.http.get('/api/export/csv').set(as).set('X-Forwarded-For', '198.51.100.77').query({ fields: 'user_id,email', range: 'all' });
    expect(exported.status).toBe(200);

    const list = await entries(w, admin);
    expect(only(list, 'data_source_connected').changes?.after).toMatchObject({ catalogueId: 'stripe', credentials: 'changed' });
    expect(only(list, 'data_source_credentials_changed')).toMatchObject({ target: { type: 'data_source', id: connected.body.id }, changes: { after: { apiKey: 'changed' } } });
    expect(only(list, 'data_source_settings_changed').changes).toEqual({ before: { name: 'Stripe' }, after: { name: 'Stripe (live)' } });
    expect(only(list, 'profiles_exported')).toMatchObject({ address: '198.51.100.77', actor: { id: admin.id }, target: { type: 'export' }, changes: { after: { rows: 2, fields: ['user_id', 'email'], range: 'all' } } });
    const text = JSON.stringify(await w.em().find(AuditEntry, {}));
    expect(text).not.toContain(STRIPE_KEY);
    expect(text).not.toContain(ROTATED_KEY);
  });

  it("keeps each company's entries to its administrators; a global admin reads every company's", async () => {
    const w = world();
    const ours = await tenant(w);
    const theirs = await tenant(w);
    await w.http.post('/api/api-keys').set(w.bearer(ours.admin)).send({ name: 'Ours' });
    await w.http.post('/api/api-keys').set(w.bearer(theirs.admin)).send({ name: 'Theirs' });

    const mine = await entries(w, ours.admin);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((entry) => entry.companyId))).toEqual(new Set([ours.company.id]));
    // Naming another company is a 404, as everywhere; a plain user may not read the log.
    expect((await w.http.get('/api/audit-log').set(w.bearer(ours.admin)).query({ companyFilter: theirs.company.id })).status).toBe(404);
    const member = await w.addUser(ours.company.id, { role: 'user' });
    expect((await w.http.get('/api/audit-log').set(w.bearer(member))).status).toBe(403);
    expect((await w.http.get('/api/audit-log')).status).toBe(401);

    const theirsOnly = await entries(w, 'admin', { companyFilter: theirs.company.id });
    expect(theirsOnly.map((entry) => entry.target.label)).toEqual(['Theirs']);
    const every = await entries(w, 'admin', { action: 'api_key_created' });
    expect(every.map((entry) => entry.target.label)).toEqual(expect.arrayContaining(['Ours', 'Theirs']));
  });

  it('pages by cursor, filters by dates and answers bad filters with a 400 naming the field', async () => {
    const w = world();
    const { admin } = await tenant(w);
    for (const name of ['One', 'Two', 'Three']) await w.http.post('/api/api-keys').set(w.bearer(admin)).send({ name });
    const first = await w.http.get('/api/audit-log').set(w.bearer(admin)).query({ limit: '2', action: 'api_key_created' });
    expect(first.body.entries.map((entry: AuditEntryView) => entry.target.label)).toEqual(['Three', 'Two']);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await w.http.get('/api/audit-log').set(w.bearer(admin)).query({ limit: '2', action: 'api_key_created', cursor: first.body.nextCursor });
    expect(second.body).toMatchObject({ nextCursor: null });
    expect(second.body.entries.map((entry: AuditEntryView) => entry.target.label)).toEqual(['One']);

    const today = new Date().toISOString().slice(0, 10);
    expect(await entries(w, admin, { action: 'api_key_created', from: today, to: today })).toHaveLength(3);
    expect(await entries(w, admin, { action: 'api_key_created', to: '2020-01-01' })).toHaveLength(0);
    expect(await entries(w, admin, { action: 'api_key_created', from: new Date(Date.now() + 60_000).toISOString() })).toHaveLength(0);

    for (const [name, value] of [['action', 'dropped_tables'], ['targetType', 'planet'], ['from', 'yesterday'], ['limit', '0'], ['cursor', 'bm90LWEtY3Vyc29y']] as const) {
      const response = await w.http.get('/api/audit-log').set(w.bearer(admin)).query({ [name]: value });
      expect(response.status, name).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_parameter', fields: { [name]: expect.any(String) } });
    }
  });

  it('downloads the filtered log as CSV', async () => {
    const w = world();
    const { company, admin } = await tenant(w);
    await w.http.post('/api/api-keys').set(w.bearer(admin)).set('X-Forwarded-For', '198.51.100.8').send({ name: '=HYPERLINK("x")' });
    const response = await w.http.get('/api/audit-log').set(w.bearer(admin)).query({ format: 'csv', targetType: 'api_key' }).buffer(true);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = Papa.parse<Record<string, string>>(response.text, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ company_id: company.id, actor_email: admin.email, address: '198.51.100.8', action: 'api_key_created', target_type: 'api_key', target_label: `'=HYPERLINK("x")` });
    expect(JSON.parse(rows[0]!.after!)).toMatchObject({ name: '=HYPERLINK("x")' });
  });

  it('has no route that changes or deletes an entry', async () => {
    const w = world();
    const { admin } = await tenant(w);
    await w.http.post('/api/api-keys').set(w.bearer(admin)).send({ name: 'Kept' });
    const [entry] = await entries(w, admin);
    for (const who of [admin, 'admin'] as const) {
      for (const method of ['post', 'put', 'patch', 'delete'] as const) {
        expect([404, 405]).toContain((await w.http[method]('/api/audit-log').set(w.bearer(who)).send({})).status);
        expect([404, 405]).toContain((await w.http[method](`/api/audit-log/${entry!.id}`).set(w.bearer(who)).send({})).status);
      }
    }
    expect((await entries(w, admin))[0]).toEqual(entry);
  });
});
