/**
 * The audit log and a person's erasure: requests and exports about a person are recorded; their
 * erasure replaces their identifiers in their company's entries (targets, before and after) with
 * their suppression's hash, records that it did so as an entry of its own, and leaves other
 * companies' entries alone. The database keeps the log append-only: no delete, and no update but
 * that one, of those columns only, while an erasure of the entry's company rewrites them.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AuditEntryView } from '@domain/audit/types';
import { AuditEntry, PrivacyErasure } from '@bff/entities';
import { knexOf, rowsOf } from '@bff/platform/sql';
import { addPublished } from './support/surveys';
import { unique, useWorld, type World } from './support/world';

const PLACEHOLDER = /^\[erased:[0-9a-f]{16}\]$/;

async function entries(w: World, who: 'alice' | 'carol' | 'admin', query: Record<string, string> = {}): Promise<AuditEntryView[]> {
  const response = await w.http.get('/api/audit-log').set(w.bearer(who)).query({ limit: '200', ...query });
  expect(response.status).toBe(200);
  return response.body.entries as AuditEntryView[];
}

/** A person's export, read to its end (the entry is written before it starts). */
async function exportPerson(w: World, who: 'alice' | 'carol', value: string, type = 'email') {
  const response = await w.http.get('/api/privacy/people/export').set(w.bearer(who)).query({ type, value }).buffer(true);
  expect(response.status).toBe(200);
}

describe('audit log: a person erased', () => {
  const world = useWorld();

  it("replaces the person's identifiers in their company's entries, once, and records that it did", async () => {
    const w = world();
    const acme = w.companies.acme.id;
    const tag = unique('erin');
    const email = `${tag}@people.example`;
    const userId = `user-${tag}`;
    const survey = await addPublished(w, acme, { status: 'active', startedAt: new Date() });

    await exportPerson(w, 'alice', email.toUpperCase());
    await exportPerson(w, 'alice', userId, 'userId');
    const csv = await w.http.get(`/api/surveys/${survey.id}/responses/export`).set(w.bearer('alice')).query({ search: `Erin <${email}>` }).buffer(true);
    expect(csv.status).toBe(200);
    // Globex looks up the same address for its own customers: its entries are its own.
    await exportPerson(w, 'carol', email);
    // An entry about someone else, for comparison.
    const other = await w.http.post('/api/api-keys').set(w.bearer('alice')).send({ name: `Key for ${tag}` });
    expect(other.status).toBe(201);

    const recorded = await entries(w, 'alice');
    expect(recorded.find((entry) => entry.action === 'person_exported' && entry.target.label === email)).toMatchObject({
      actor: { kind: 'user', email: w.users.alice.email },
      target: { type: 'person', id: null },
      changes: { after: { identifierType: 'email' } },
    });

    const queued = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'email', value: email } });
    expect(queued.status).toBe(202);
    // The request names the person only as the job does.
    const requested = (await entries(w, 'alice', { action: 'person_erasure_requested' }))[0]!;
    expect(requested).toMatchObject({ actor: { kind: 'user', id: w.users.alice.id }, target: { type: 'person', id: queued.body.id, label: queued.body.identifierHint } });
    expect(JSON.stringify(requested)).not.toContain(email);

    await w.runtime.services.privacy.runQueued();
    const done = await w.http.get(`/api/privacy/erasures/${queued.body.id}`).set(w.bearer('alice'));
    expect(done.body.status).toBe('done');
    expect(done.body.steps.at(-1)).toEqual({ step: 'auditLog', done: true, count: 2 });

    const after = await entries(w, 'alice');
    // No entry of Acme names her any more, in the route's answer or its CSV file.
    expect(JSON.stringify(after).toLowerCase()).not.toContain(email);
    const file = await w.http.get('/api/audit-log').set(w.bearer('alice')).query({ format: 'csv' }).buffer(true);
    expect(file.text.toLowerCase()).not.toContain(email);
    expect(Papa.parse(file.text, { header: true, skipEmptyLines: true }).errors).toEqual([]);

    const scrub = after.filter((entry) => entry.action === 'audit_entries_scrubbed');
    expect(scrub).toHaveLength(1);
    expect(scrub[0]).toMatchObject({ companyId: acme, actor: { kind: 'system', id: null, email: null }, target: { type: 'person', id: queued.body.id, label: queued.body.identifierHint }, changes: { after: { entries: 2 } } });
    const replacedBy = scrub[0]!.changes!.after!.replacedBy as string[];
    expect(replacedBy).toHaveLength(1);
    for (const placeholder of replacedBy) expect(placeholder).toMatch(PLACEHOLDER);

    // Each entry still says what was done, by whom, and to the same (unnamed) person.
    const exported = after.filter((entry) => entry.action === 'person_exported');
    expect(exported.map((entry) => entry.actor.email)).toEqual([w.users.alice.email, w.users.alice.email]);
    const emailPlaceholder = exported.find((entry) => entry.changes?.after?.identifierType === 'email')!.target.label!;
    expect(replacedBy).toContain(emailPlaceholder);
    // The user id was not among her linked identifiers (nothing links it to her): its entry keeps it.
    expect(exported.find((entry) => entry.changes?.after?.identifierType === 'userId')!.target.label).toBe(userId);
    const search = after.find((entry) => entry.action === 'responses_exported')!;
    expect(search.changes?.after?.filters).toEqual({ search: `Erin <${emailPlaceholder}>` });
    expect(search.target).toEqual({ type: 'survey', id: survey.id, label: survey.name });
    expect(after.find((entry) => entry.action === 'api_key_created')!.target.label).toBe(`Key for ${tag}`);

    // Globex's entry is untouched.
    expect((await entries(w, 'carol', { action: 'person_exported' })).map((entry) => entry.target.label)).toContain(email);

    // The same person erased again: nothing left to replace; one more entry saying so.
    const again = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'email', value: email } });
    await w.runtime.services.privacy.runQueued();
    const second = await w.http.get(`/api/privacy/erasures/${again.body.id}`).set(w.bearer('alice'));
    expect(second.body.steps.at(-1)).toEqual({ step: 'auditLog', done: true, count: 0 });
    const scrubs = await entries(w, 'alice', { action: 'audit_entries_scrubbed' });
    expect(scrubs.map((entry) => [entry.target.id, entry.changes?.after?.entries])).toEqual([
      [again.body.id, 0],
      [queued.body.id, 2],
    ]);
  });

  it('records a suppression removed', async () => {
    const w = world();
    const email = `${unique('lift')}@people.example`;
    const queued = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'email', value: email } });
    await w.runtime.services.privacy.runQueued();
    const [suppression] = (await w.http.get('/api/privacy/suppressions').set(w.bearer('alice'))).body.filter((row: { erasureId: string }) => row.erasureId === queued.body.id);
    expect((await w.http.delete(`/api/privacy/suppressions/${suppression.id}`).set(w.bearer('alice'))).status).toBe(204);
    const [removed] = await entries(w, 'alice', { action: 'suppression_removed' });
    expect(removed).toMatchObject({ actor: { kind: 'user', id: w.users.alice.id }, target: { type: 'suppression', id: suppression.id, label: suppression.hint }, changes: { before: { erasureId: queued.body.id, dropped: 0 } } });
  });

  it('refuses in the database any delete, and any update but an erasure’s of its own company’s person values', async () => {
    const w = world();
    const knex = knexOf(w.orm);
    await w.http.post('/api/api-keys').set(w.bearer('alice')).send({ name: unique('Guarded') });
    await w.http.post('/api/api-keys').set(w.bearer('carol')).send({ name: unique('Theirs') });
    const [acmeEntry] = rowsOf<{ id: string }>(await knex.raw('select id from audit_entries where company_id = ? order by created_at desc limit 1', [w.companies.acme.id]));
    const [globexEntry] = rowsOf<{ id: string }>(await knex.raw('select id from audit_entries where company_id = ? order by created_at desc limit 1', [w.companies.globex.id]));
    const refused = /append-only/;

    await expect(knex.raw('update audit_entries set target_label = ? where id = ?', ['rewritten', acmeEntry!.id])).rejects.toThrow(refused);
    await expect(knex.raw('delete from audit_entries where id = ?', [acmeEntry!.id])).rejects.toThrow(refused);
    await expect(knex.raw('delete from audit_entries')).rejects.toThrow(refused);

    // An erasure of Acme, mid-rewrite (as rewriteAuditEntries marks it, inside its transaction).
    const em = w.em();
    const erasure = em.create(PrivacyErasure, { companyId: w.companies.acme.id, identifierType: 'email', identifierHint: 'g***@example.com', identifiers: [], status: 'running', steps: {}, createdById: null });
    await em.flush();
    const scrubbing = async (work: (trx: typeof knex) => Promise<unknown>) =>
      knex.transaction(async (trx) => {
        await trx.raw("update privacy_erasures set status = 'scrubbing' where id = ?", [erasure.id]);
        await work(trx);
        throw new Error('rolled back');
      });
    await expect(scrubbing((trx) => trx.raw('update audit_entries set target_label = ? where id = ?', ['rewritten', acmeEntry!.id]))).rejects.toThrow('rolled back');
    await expect(scrubbing((trx) => trx.raw('update audit_entries set target_label = ? where id = ?', ['rewritten', globexEntry!.id]))).rejects.toThrow(refused);
    await expect(scrubbing((trx) => trx.raw("update audit_entries set action = 'user_deleted' where id = ?", [acmeEntry!.id]))).rejects.toThrow(refused);
    await expect(scrubbing((trx) => trx.raw('delete from audit_entries where id = ?', [acmeEntry!.id]))).rejects.toThrow(refused);

    // Nothing changed.
    expect(await w.em().count(AuditEntry, { id: { $in: [acmeEntry!.id, globexEntry!.id] }, targetLabel: 'rewritten' })).toBe(0);
    expect(await w.em().count(AuditEntry, { id: acmeEntry!.id })).toBe(1);
    expect((await w.em().findOneOrFail(PrivacyErasure, erasure.id)).status).toBe('running');
  });
});
