import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tryWithoutBusyWait, untilNotBusy, type BusyTimeoutConnection } from './sqliteWriteLock';

interface Sqlite extends BusyTimeoutConnection {
  readonly inTransaction: boolean;
  exec(sql: string): void;
  prepare(sql: string): { pluck(): { get(): unknown } };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Sqlite;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('SQLite write lock', () => {
  let directory: string;
  /** Another connection (another process, say) holding the write lock. */
  let holder: Sqlite;
  let writer: Sqlite;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'navout-write-lock-'));
    const file = join(directory, 'locks.sqlite');
    holder = new Database(file);
    holder.pragma('journal_mode = wal');
    holder.exec('create table notes (text text)');
    writer = new Database(file);
    writer.pragma('busy_timeout = 200');
    holder.exec('begin immediate');
  });

  afterEach(() => {
    if (holder.inTransaction) holder.exec('rollback');
    holder.close();
    writer.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const insert = () => untilNotBusy(() => tryWithoutBusyWait(writer, () => writer.exec("insert into notes values ('written')")));
  const notes = () => holder.prepare('select count(*) from notes').pluck().get();

  it('writes once the lock is released, the event loop turning meanwhile, and puts the busy timeout back', async () => {
    let written = false;
    const writing = insert().then(() => (written = true));
    // SQLite's own busy handler sleeps in the thread: no turn would come until the lock was free.
    for (let turn = 0; turn < 30; turn++) await nextTurn();
    expect(written).toBe(false);
    holder.exec('commit');
    await writing;
    expect(notes()).toBe(1);
    expect(writer.pragma('busy_timeout', { simple: true })).toBe(200);
  });

  it('fails SQLITE_BUSY once the lock is held past the busy timeout, without holding the event loop', async () => {
    const started = performance.now();
    let settled = false;
    const failure = insert().then(
      () => null,
      (caught: unknown) => caught,
    );
    void failure.then(() => (settled = true));
    let turns = 0;
    for (; !settled; turns++) await nextTurn();
    expect(await failure).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect(turns).toBeGreaterThan(50);
    expect(writer.pragma('busy_timeout', { simple: true })).toBe(200);
    holder.exec('commit');
    expect(notes()).toBe(0);
  });

  it('lets any other failure through at once', async () => {
    holder.exec('commit');
    await expect(untilNotBusy(() => tryWithoutBusyWait(writer, () => writer.exec('insert into missing values (1)')))).rejects.toThrow(/no such table/);
    expect(writer.pragma('busy_timeout', { simple: true })).toBe(200);
  });
});
