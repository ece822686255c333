/**
 * A process keeps the caller's row (a signed-in user's, an API key's) in memory while no user,
 * company or key has changed (bff/platform/accountChanges.ts): triggers report every change, on
 * SQLite through a counter read again once this process has written or a millisecond later, on
 * PostgreSQL through a notice to the connection that made it and a notification to every other. A
 * suspension, deletion, password reset, paused or revoked key still counts at once.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiKey, Company, User } from '@bff/entities';
import { writeHeldOpen } from './support/writeLock';
import { useWorld, type World } from './support/world';

/** A write by another connection (another web process, a replica or `npm run worker`), committed. */
async function otherConnectionWrites(w: World, sql: string, values: unknown[]): Promise<void> {
  const commit = await writeHeldOpen(w, sql, values);
  await commit();
}

describe('account changes', () => {
  const world = useWorld();

  // First: on PostgreSQL a change this process made is counted twice, by its notice at once and by
  // its notification moments later, so this runs before any test makes one.
  it('stays the same for writes to other tables', async () => {
    const w = world();
    const before = await w.accountVersion();
    const { apiKey } = await w.addApiKey(w.companies.acme.id);
    await w.addCompany();
    // The call log marks a key in use once a minute: not a change to whether it authenticates.
    await w.em().nativeUpdate(ApiKey, { id: apiKey.id }, { lastUsedAt: new Date() });
    await w.em().nativeUpdate(ApiKey, { id: apiKey.id }, { name: 'Renamed key' });
    expect(await w.runtime.services.accountChanges.version()).toBe(before);
  });

  it('moves on with every change to a user, company or key, whichever way this process writes it', async () => {
    const w = world();
    const company = await w.addCompany();
    const user = await w.addUser(company.id);
    const { apiKey } = await w.addApiKey(company.id);
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['a key paused', () => w.em().nativeUpdate(ApiKey, { id: apiKey.id }, { isActive: false })],
      ['a key revoked by raw SQL', () => w.em().getConnection().execute('update api_keys set revoked_at = ? where id = ?', [new Date(), apiKey.id])],
      ['a key deleted', () => w.em().nativeDelete(ApiKey, { id: apiKey.id })],
      ['a user through the unit of work', async () => {
        const em = w.em();
        (await em.findOneOrFail(User, { id: user.id })).name = 'Renamed Person';
        await em.flush();
      }],
      ['a user by a native update', () => w.em().nativeUpdate(User, { id: user.id }, { status: 'suspended' })],
      ['a company by raw SQL', () => w.em().getConnection().execute('update companies set name = ? where id = ?', ['Renamed Co', company.id])],
      ['a user deleted', () => w.em().nativeDelete(User, { id: user.id })],
      ['a company deleted', () => w.em().nativeDelete(Company, { id: company.id })],
    ];
    for (const [what, write] of writes) {
      const before = await w.accountVersion();
      await write();
      // At once, with no wait: this process's next request must already see its own change.
      expect(await w.runtime.services.accountChanges.version(), what).not.toBe(before);
    }
  });

  it("refuses a kept caller once another process's change to them commits", async () => {
    const w = world();
    const user = await w.addUser(w.companies.acme.id);
    await w.accountVersion();
    await w.http.get('/api/auth/me').set(w.bearer(user)).expect(200);
    await w.http.get('/api/auth/me').set(w.bearer(user)).expect(200);

    const before = await w.runtime.services.accountChanges.version();
    await otherConnectionWrites(w, 'update users set status = ? where id = ?', ['suspended', user.id]);
    // SQLite reads the counter again within a millisecond; PostgreSQL's notification arrives within moments.
    await vi.waitFor(async () => expect(await w.runtime.services.accountChanges.version()).not.toBe(before));
    const refused = await w.http.get('/api/auth/me').set(w.bearer(user)).expect(401);
    expect(refused.body.code).toBe('account_suspended');
  });

  it("refuses a kept caller at once after this process's own change, and after their company's", async () => {
    const w = world();
    const company = await w.addCompany();
    const user = await w.addUser(company.id);
    await w.accountVersion();
    await w.http.get('/api/auth/me').set(w.bearer(user)).expect(200);
    await w.em().nativeUpdate(Company, { id: company.id }, { status: 'suspended' });
    expect((await w.http.get('/api/auth/me').set(w.bearer(user)).expect(401)).body.code).toBe('company_inactive');

    await w.em().nativeUpdate(Company, { id: company.id }, { status: 'active' });
    await w.http.get('/api/auth/me').set(w.bearer(user)).expect(200);
    // A password reset ends every session: the session version moves on.
    await w.em().nativeUpdate(User, { id: user.id }, { sessionVersion: user.sessionVersion + 1 });
    expect((await w.http.get('/api/auth/me').set(w.bearer(user)).expect(401)).body.code).toBe('session_ended');
  });

  it("refuses a kept API key once another process's pause or revocation of it commits", async () => {
    const w = world();
    const { apiKey, header } = await w.addApiKey(w.companies.acme.id);
    await w.accountVersion();
    await w.http.get('/api/v1/usage').set(header).expect(200);
    await w.http.get('/api/v1/usage').set(header).expect(200);

    const paused = await w.runtime.services.accountChanges.version();
    // Literals both databases read (SQLite takes false and true as 0 and 1).
    await otherConnectionWrites(w, 'update api_keys set is_active = false where id = ?', [apiKey.id]);
    await vi.waitFor(async () => expect(await w.runtime.services.accountChanges.version()).not.toBe(paused));
    expect((await w.http.get('/api/v1/usage').set(header).expect(401)).body.code).toBe('api_key_paused');

    await otherConnectionWrites(w, 'update api_keys set is_active = true where id = ?', [apiKey.id]);
    await vi.waitFor(() => w.http.get('/api/v1/usage').set(header).expect(200));
    const revoked = await w.runtime.services.accountChanges.version();
    await otherConnectionWrites(w, 'update api_keys set revoked_at = created_at where id = ?', [apiKey.id]);
    await vi.waitFor(async () => expect(await w.runtime.services.accountChanges.version()).not.toBe(revoked));
    expect((await w.http.get('/api/v1/usage').set(header).expect(401)).body.code).toBe('invalid_api_key');
  });

  it("refuses a kept API key at once after this process's own pause, and after its company's suspension", async () => {
    const w = world();
    const company = await w.addCompany();
    const { apiKey, header } = await w.addApiKey(company.id);
    await w.accountVersion();
    await w.http.get('/api/v1/usage').set(header).expect(200);
    await w.em().nativeUpdate(ApiKey, { id: apiKey.id }, { isActive: false });
    expect((await w.http.get('/api/v1/usage').set(header).expect(401)).body.code).toBe('api_key_paused');
    await w.em().nativeUpdate(ApiKey, { id: apiKey.id }, { isActive: true });
    await w.http.get('/api/v1/usage').set(header).expect(200);
    await w.em().nativeUpdate(Company, { id: company.id }, { status: 'suspended' });
    expect((await w.http.get('/api/v1/usage').set(header).expect(403)).body.code).toBe('company_inactive');
  });
});
