import { createRequire } from 'node:module';
import pg from 'pg';
import type { World } from './world';

const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => {
  exec(sql: string): void;
  prepare(sql: string): { run(...values: unknown[]): unknown };
  close(): void;
};

/**
 * Another writer holding the lock a write to `table` needs, as another web process or
 * `npm run worker` would: on SQLite the database's write lock, on PostgreSQL a lock on the table
 * that writes wait for (reads do not). Answers its release.
 */
export async function holdWriteLock(w: World, table: string): Promise<() => Promise<void>> {
  const database = w.config.database;
  if (database.kind === 'sqlite') {
    const other = new Database(database.file);
    other.exec('begin immediate');
    return async () => {
      other.exec('commit');
      other.close();
    };
  }
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  await other.query('begin');
  await other.query(`lock table ${table} in share row exclusive mode`);
  return async () => {
    await other.query('commit');
    await other.end();
  };
}

/**
 * A row written by another connection (another process, say) in a transaction left open: `sql`
 * with `?` placeholders, `values` as that engine stores them. Answers its commit.
 */
export async function writeHeldOpen(w: World, sql: string, values: unknown[]): Promise<() => Promise<void>> {
  const database = w.config.database;
  if (database.kind === 'sqlite') {
    const other = new Database(database.file);
    other.exec('begin immediate');
    other.prepare(sql).run(...values);
    return async () => {
      other.exec('commit');
      other.close();
    };
  }
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  await other.query('begin');
  let position = 0;
  await other.query(sql.replace(/\?/g, () => `$${++position}`), values);
  return async () => {
    await other.query('commit');
    await other.end();
  };
}

/**
 * Counts the event loop's turns until stopped; `turned(n)` resolves once it has turned n times. A
 * wait that holds the event loop (SQLite's busy handler sleeps in the thread) allows none.
 */
export function countTurns() {
  let turns = 0;
  let counting = true;
  const waiting: { count: number; resolve: () => void }[] = [];
  const turn = () => {
    turns++;
    for (const entry of waiting.filter((candidate) => candidate.count <= turns)) {
      waiting.splice(waiting.indexOf(entry), 1);
      entry.resolve();
    }
    if (counting) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    turned: (count: number) => new Promise<void>((resolve) => (count <= turns ? resolve() : waiting.push({ count, resolve }))),
    stop: () => {
      counting = false;
      return turns;
    },
  };
}
