import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { countSqliteWrites, keptWhileAccountsUnchanged, recheckedCounter, sqliteWriteCount, type SqliteWriter } from './accountChanges';

interface SqliteRuns {
  run(...values: unknown[]): unknown;
  get(...values: unknown[]): unknown;
  all(...values: unknown[]): unknown[];
  iterate(...values: unknown[]): IterableIterator<unknown>;
  raw(toggle: boolean): SqliteRuns;
}
interface Sqlite {
  prepare(sql: string): SqliteRuns;
  exec(sql: string): void;
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Sqlite;

interface Row {
  id: string;
  status: string;
  permissions: string[];
}

/** A table of rows by id, counting its reads; the next read's answer can be held back. */
function table(rows: Record<string, Row>) {
  let nextHeld: Promise<void> | null = null;
  const reads: string[] = [];
  return {
    rows,
    reads,
    async read(id: string): Promise<Row | null> {
      reads.push(id);
      const held = nextHeld;
      nextHeld = null;
      // The row is read now; its answer arrives once released (a slow round trip).
      const row = rows[id] ? structuredClone(rows[id]) : null;
      if (held) await held;
      return row;
    },
    holdNextRead(): () => void {
      let release!: () => void;
      nextHeld = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

function versions(start: number | null) {
  let current = start;
  return {
    version: async () => current,
    set(value: number | null) {
      current = value;
    },
  };
}

describe('rows kept while accounts are unchanged', () => {
  it('reads a row once while the version stays, and again once it moves', async () => {
    const users = table({ u1: { id: 'u1', status: 'active', permissions: ['view'] } });
    const changes = versions(1);
    const read = keptWhileAccountsUnchanged((id) => users.read(id), changes);

    expect((await read('u1'))?.status).toBe('active');
    users.rows.u1.status = 'suspended';
    expect((await read('u1'))?.status).toBe('active');
    expect(users.reads).toEqual(['u1']);

    changes.set(2);
    expect((await read('u1'))?.status).toBe('suspended');
    expect((await read('u1'))?.status).toBe('suspended');
    expect(users.reads).toEqual(['u1', 'u1']);
  });

  it('keeps nothing while changes cannot be followed', async () => {
    const users = table({ u1: { id: 'u1', status: 'active', permissions: [] } });
    const changes = versions(null);
    const read = keptWhileAccountsUnchanged((id) => users.read(id), changes);
    await read('u1');
    users.rows.u1.status = 'suspended';
    expect((await read('u1'))?.status).toBe('suspended');
    expect(users.reads).toHaveLength(2);

    // Followed again: whatever was read while not following is not trusted either.
    changes.set(5);
    await read('u1');
    await read('u1');
    expect(users.reads).toHaveLength(3);
  });

  it('does not keep a missing row', async () => {
    const users = table({});
    const read = keptWhileAccountsUnchanged((id) => users.read(id), versions(1));
    expect(await read('u9')).toBeNull();
    users.rows.u9 = { id: 'u9', status: 'active', permissions: [] };
    expect((await read('u9'))?.status).toBe('active');
  });

  it('does not keep a row read before a change that another request has already seen', async () => {
    const users = table({ u1: { id: 'u1', status: 'active', permissions: [] } });
    const changes = versions(1);
    const read = keptWhileAccountsUnchanged((id) => users.read(id), changes);

    // A first request reads the row under version 1; its answer is slow to come back.
    const release = users.holdNextRead();
    const slow = read('u1');
    await settled();
    expect(users.reads).toHaveLength(1);
    // Meanwhile the user is suspended, and a second request sees the new version and row.
    users.rows.u1.status = 'suspended';
    changes.set(2);
    expect((await read('u1'))?.status).toBe('suspended');
    release();
    expect((await slow)?.status).toBe('active');

    // The slow, older row was not kept under the new version.
    expect((await read('u1'))?.status).toBe('suspended');
  });

  it('shares kept rows frozen, so no request can change them for the next', async () => {
    const users = table({ u1: { id: 'u1', status: 'active', permissions: ['view'] } });
    const read = keptWhileAccountsUnchanged((id) => users.read(id), versions(1));
    await read('u1');
    const kept = (await read('u1'))!;
    expect(() => {
      kept.status = 'changed';
    }).toThrow(TypeError);
    expect(() => kept.permissions.push('admin')).toThrow(TypeError);
    expect((await read('u1'))?.permissions).toEqual(['view']);
  });
});

describe("SQLite's counter, read again after a write or a short while", () => {
  /** A counter in a table of its own, a clock the test moves, and the writes the test makes. */
  function counter() {
    let value = 1;
    let writes = 0;
    let now = 0;
    const reads: number[] = [];
    const version = recheckedCounter(
      async () => {
        reads.push(value);
        return value;
      },
      () => writes,
      () => now,
      5,
    );
    return {
      version,
      reads,
      change: () => value++,
      write: () => writes++,
      wait: (ms: number) => (now += ms),
    };
  }

  it('reads once while this process writes nothing and the interval has not passed', async () => {
    const c = counter();
    expect(await c.version()).toBe(1);
    c.wait(4);
    expect(await c.version()).toBe(1);
    expect(c.reads).toHaveLength(1);
  });

  it("sees another process's change once the interval has passed", async () => {
    const c = counter();
    await c.version();
    c.change();
    c.wait(4);
    expect(await c.version()).toBe(1);
    c.wait(1);
    expect(await c.version()).toBe(2);
  });

  it("sees this process's own change at once, the clock standing still", async () => {
    const c = counter();
    await c.version();
    c.write();
    c.change();
    expect(await c.version()).toBe(2);
    expect(c.reads).toEqual([1, 2]);
  });

  it('keeps the newest of two reads that overlap, whichever answers last', async () => {
    let value = 1;
    let releaseFirst!: () => void;
    const held = new Promise<void>((resolve) => (releaseFirst = resolve));
    let first = true;
    const version = recheckedCounter(
      async () => {
        const read = value;
        if (first) {
          first = false;
          await held;
        }
        return read;
      },
      () => 0,
      () => 0,
      5,
    );
    const slow = version();
    // Another process's change lands while the first read's answer is on its way.
    value = 2;
    expect(await version()).toBe(2);
    releaseFirst();
    expect(await slow).toBe(1);
    expect(await version()).toBe(2);
  });

  it('counts every statement of a connection that may write, however it runs, and no read', () => {
    const connection = new Database(':memory:');
    countSqliteWrites(connection as unknown as SqliteWriter);
    const before = sqliteWriteCount();
    connection.prepare('select 1').get();
    connection.prepare('select 1').raw(true).all();
    expect(sqliteWriteCount()).toBe(before);

    connection.exec('create table t (a integer)');
    connection.prepare('insert into t (a) values (?)').run(1);
    connection.prepare('insert into t (a) values (?) returning a').get(2);
    connection.prepare('update t set a = a + 1 returning a').raw(true).all();
    expect([...connection.prepare('delete from t returning a').iterate()]).toHaveLength(2);
    expect(sqliteWriteCount()).toBe(before + 5);
    connection.close();
  });
});
