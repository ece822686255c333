/**
 * A write that meets another writer's lock waits for it without holding the event loop: on SQLite
 * the server's transactions ask for the write lock with SQLite's busy handler off and try again
 * each millisecond (bff/platform/sqliteWriteLock.ts); PostgreSQL's driver never blocks. The other
 * writer is another connection, as another web process or `npm run worker` would be.
 */
import { describe, expect, it } from 'vitest';
import { Company } from '@bff/entities';
import { countTurns, holdWriteLock } from './support/writeLock';
import { useWorld } from './support/world';

describe('waiting for another writer', () => {
  const world = useWorld();

  it("runs a transaction once the other writer's lock is released, serving the event loop meanwhile", async () => {
    const w = world();
    const company = await w.addCompany();
    const release = await holdWriteLock(w, 'companies');
    const turns = countTurns();
    let committed = false;
    const renaming = w.orm.em
      .fork()
      .transactional((tx) => tx.nativeUpdate(Company, { id: company.id }, { name: 'Renamed while locked' }))
      .then(() => (committed = true));
    try {
      await turns.turned(50);
      // Not read back here: on SQLite the waiting transaction holds the server's one connection.
      expect(committed).toBe(false);
    } finally {
      await release();
    }
    await renaming;
    turns.stop();
    expect((await w.em().fork().findOneOrFail(Company, company.id)).name).toBe('Renamed while locked');
  });
});
