import { createRequire } from 'node:module';
import pg from 'pg';
import type { World } from './world';

const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => {
  exec(sql: string): void;
  prepare(sql: string): { run(...values: unknown[]): unknown };
  close(): void;
};

/** A transaction of another connection (another web process or `npm run worker`, say), left open. */
interface OpenTransaction {
  /** Runs `sql` (`?` placeholders) in it. */
  run(sql: string, values?: unknown[]): Promise<void>;
  commit(): Promise<void>;
}

/** Begins a transaction on a connection of its own to this world's database: on SQLite, holding the write lock. */
async function otherTransaction(w: World): Promise<OpenTransaction> {
  const database = w.config.database;
  if (database.kind === 'sqlite') {
    const other = new Database(database.file);
    other.exec('begin immediate');
    return {
      run: async (sql, values = []) => void other.prepare(sql).run(...values),
      commit: async () => {
        other.exec('commit');
        other.close();
      },
    };
  }
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  await other.query('begin');
  return {
    run: async (sql, values = []) => {
      let position = 0;
      await other.query(sql.replace(/\?/g, () => `$${++position}`), values);
    },
    commit: async () => {
      await other.query('commit');
      await other.end();
    },
  };
}

/**
 * Another writer holding the lock a write to `table` needs: on SQLite the database's write lock, on
 * PostgreSQL a lock on the table that writes wait for (reads do not). Answers its release.
 */
export async function holdWriteLock(w: World, table: string): Promise<() => Promise<void>> {
  const other = await otherTransaction(w);
  if (w.config.database.kind === 'postgresql') await other.run(`lock table ${table} in share row exclusive mode`);
  return other.commit;
}

/** A row written by another connection in a transaction left open: `values` as that engine stores them. Answers its commit. */
export async function writeHeldOpen(w: World, sql: string, values: unknown[]): Promise<() => Promise<void>> {
  const other = await otherTransaction(w);
  await other.run(sql, values);
  return other.commit;
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
