/**
 * The dashboard's read thread on SQLite (reads.ts): its own read-only connection to the server's
 * database file, running the dashboard's queries one after another, so that however long one
 * takes, the server's event loop keeps answering. Write-ahead logging (db.ts) lets this
 * connection read committed data beside the server's writes without waiting for them.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { RawRow } from '../../platform/sql';
import type { ReadReply, ReadRequest, ReadWorkerData } from './reads';

/** The page cache of this connection, in KiB: the drill-down's index seeks reuse pages. */
const CACHE_KIB = 32 * 1024;
/** Reads wait at most this long for a lock (only a checkpoint's restart can hold one from readers). */
const BUSY_TIMEOUT_MS = 1_000;

interface SqliteDatabase {
  prepare(sql: string): { all(params: unknown[]): RawRow[] };
  pragma(statement: string): unknown;
}
type SqliteConstructor = new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteDatabase;

const { file, replies } = workerData as ReadWorkerData;

// The driver itself rather than a query builder: the thread starts in a tenth of the time (the
// first read of a request waits for it), and the reads are plain SQL with positional parameters.
const Database = createRequire(import.meta.url)('better-sqlite3') as SqliteConstructor;
// Read-only twice over: the file is opened read-only, and the connection refuses writes.
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
db.pragma(`cache_size = -${CACHE_KIB}`);
db.pragma('query_only = 1');

/** Prepared statements kept; the dashboard asks the same few again and again. */
const MAX_STATEMENTS = 200;
const statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();

/** Parameters as the server's query builder binds them on SQLite: instants as epoch milliseconds, booleans as 0 or 1. */
const bindable = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === 'boolean' ? Number(value) : value);

function query(sql: string, params: unknown[]): RawRow[] {
  let statement = statements.get(sql);
  if (!statement) {
    // A statement's text can carry a list's length (one ? per id): the cache starts over rather than grow.
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statements.set(sql, (statement = db.prepare(sql)));
  }
  return statement.all(params.map(bindable));
}

// Answers go on their own port, which the server can also read synchronously (reads.ts, overBudget).
const send = (reply: ReadReply) => replies.postMessage(reply);

function run(request: ReadRequest): void {
  // A read whose caller has already answered 503 is not run.
  if (Date.now() >= request.deadline) return send({ id: request.id, expired: true });
  try {
    send({ id: request.id, rows: query(request.sql, request.params) });
  } catch (failure) {
    const { message, code } = failure as { message?: string; code?: unknown };
    send({ id: request.id, error: { message: message ?? String(failure), ...(typeof code === 'string' ? { code } : {}) } });
  }
}

// One read at a time, in the order sent (each runs to its end before the next message is taken),
// so each one's deadline is checked when its turn comes.
parentPort!.on('message', run);
