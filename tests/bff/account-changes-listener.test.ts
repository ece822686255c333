/**
 * On PostgreSQL a process hears of another's change to a user or company by listening on a
 * connection of its own (bff/platform/accountChanges.ts). While that connection is lost, nothing is
 * kept and every request reads the caller's row; listening starts again by itself.
 */
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { writeHeldOpen } from './support/writeLock';
import { useWorld } from './support/world';

describe('listening for account changes', () => {
  const world = useWorld();

  it('keeps nothing while it cannot listen, and trusts nothing kept before once it listens again', async () => {
    const w = world();
    const changes = w.runtime.services.accountChanges;
    const user = await w.addUser(w.companies.acme.id);
    const before = await w.accountVersion();
    await w.http.get('/api/auth/me').set(w.bearer(user)).expect(200);

    const admin = new pg.Client({ connectionString: (w.config.database as { url: string }).url });
    await admin.connect();
    try {
      const ended = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen navout_account_changes'",
      );
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await vi.waitFor(async () => expect(await changes.version()).toBeNull());
    // Served meanwhile, from the database.
    await w.http.get('/api/auth/me').set(w.bearer(user)).expect(200);
    // Another process suspends the user while no notification can arrive.
    await (await writeHeldOpen(w, 'update users set status = ? where id = ?', ['suspended', user.id]))();

    expect(await w.accountVersion()).toBeGreaterThan(before);
    expect((await w.http.get('/api/auth/me').set(w.bearer(user)).expect(401)).body.code).toBe('account_suspended');
  });
});
