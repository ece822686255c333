/**
 * A process keeps the signed-in caller's row in memory while no user or company has changed
 * (bff/platform/accountChanges.ts): triggers report every change, on SQLite through a counter read
 * by each request, on PostgreSQL through a notice to the connection that made it and a
 * notification to every other. A suspension, deletion or password reset still counts at once.
 */
import { describe, expect, it, vi } from 'vitest';
import { Company, User } from '@bff/entities';
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
    await w.addApiKey(w.companies.acme.id);
    await w.addCompany();
    expect(await w.runtime.services.accountChanges.version()).toBe(before);
  });

  it('moves on with every change to a user or company, whichever way this process writes it', async () => {
    const w = world();
    const company = await w.addCompany();
    const user = await w.addUser(company.id);
    const writes: Array<[string, () => Promise<unknown>]> = [
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
    // SQLite reads the counter on each request; PostgreSQL's notification arrives within moments.
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
});
