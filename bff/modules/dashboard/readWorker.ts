/**
 * The dashboard's read thread on SQLite (reads.ts): its own read-only connection to the server's
 * database file, running the dashboard's queries one after another, so that however long one
 * takes, the server's event loop keeps answering. Write-ahead logging (db.ts) lets this
 * connection read committed data beside the server's writes without waiting for them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { knex as createKnex, type Knex } from '@mikro-orm/knex';
import { rowsOf } from '../../platform/rawRows';
import type { ReadReply, ReadRequest } from './reads';

/** The page cache of this connection, in KiB: the drill-down's index seeks reuse pages. */
const CACHE_KIB = 32 * 1024;
/** Reads wait at most this long for a lock (only a checkpoint's restart can hold one from readers). */
const BUSY_TIMEOUT_MS = 1_000;

const { file } = workerData as { file: string };

const afterCreate = (connection: { pragma(source: string): unknown }, done: (failure: Error | null, connection: unknown) => void) => {
  try {
    connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    connection.pragma(`cache_size = -${CACHE_KIB}`);
    // Read-only twice over: the file is opened read-only, and the connection refuses writes.
    connection.pragma('query_only = 1');
    done(null, connection);
  } catch (failure) {
    done(failure as Error, connection);
  }
};

const connection: Knex = createKnex({
  client: 'better-sqlite3',
  connection: { filename: file, options: { readonly: true } },
  useNullAsDefault: true,
  pool: { min: 1, max: 1, afterCreate },
});

const send = (reply: ReadReply) => parentPort!.postMessage(reply);

async function run(request: ReadRequest): Promise<void> {
  // A read whose caller has already answered 503 is not run.
  if (Date.now() >= request.deadline) return send({ id: request.id, expired: true });
  try {
    send({ id: request.id, rows: rowsOf(await connection.raw(request.sql, request.params as Knex.RawBinding[])) });
  } catch (failure) {
    const { message, code } = failure as { message?: string; code?: unknown };
    send({ id: request.id, error: { message: message ?? String(failure), ...(typeof code === 'string' ? { code } : {}) } });
  }
}

// One read at a time, in the order sent, so each one's deadline is checked when its turn comes.
let queue: Promise<void> = Promise.resolve();
parentPort!.on('message', (request: ReadRequest) => {
  queue = queue.then(() => run(request));
});
