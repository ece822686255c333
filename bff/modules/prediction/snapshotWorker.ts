/**
 * The snapshot builder's thread. It opens its own database connection, reads a company's records
 * and builds the index, so neither the reading (JSON parsing of a million rows) nor the build
 * runs on the server's event loop. The model screen's offline evaluations (a build and thousands
 * of rankings) run here for the same reason. The index goes back as plain data; its typed arrays' buffers
 * are transferred, not copied.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseConfig } from '../../config';
import { buildIndex, evaluate } from './engine';
import { readRecentInput, readSnapshotInput, type Row, type RowQuery } from './snapshotInput';
import type { BuildReply, BuildRequest, EvaluateReply, EvaluateRequest, WorkerReply, WorkerRequest } from './snapshotProtocol';

const require = createRequire(import.meta.url);

interface SqliteDatabase {
  prepare(sql: string): { all(...params: unknown[]): Row[] };
  pragma(statement: string): unknown;
  close(): void;
}
type SqliteConstructor = new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteDatabase;
interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params: unknown[]): Promise<{ rows: Row[] }>;
  end(): Promise<void>;
}
type PgConstructor = new (options: { connectionString: string }) => PgClient;

interface Connection {
  query: RowQuery;
  timeParam: (ms: number) => unknown;
}

let connection: Promise<Connection> | null = null;

async function connect(database: DatabaseConfig): Promise<Connection> {
  if (database.kind === 'sqlite') {
    const Database = require('better-sqlite3') as SqliteConstructor;
    const db = new Database(database.file, { readonly: true, fileMustExist: true });
    const statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
    return {
      query: async (sql, params) => {
        let statement = statements.get(sql);
        if (!statement) statements.set(sql, (statement = db.prepare(sql)));
        return statement.all(...params);
      },
      timeParam: (ms) => ms,
    };
  }
  const { Client } = require('pg') as { Client: PgConstructor };
  const client = new Client({ connectionString: database.url });
  await client.connect();
  return {
    query: async (sql, params) => {
      let position = 0;
      return (await client.query(sql.replace(/\?/g, () => `$${++position}`), params)).rows;
    },
    timeParam: (ms) => new Date(ms),
  };
}

/** Every ArrayBuffer under the index, for a zero-copy hand-over. */
function buffersOf(value: unknown, found = new Set<ArrayBuffer>(), depth = 0): Set<ArrayBuffer> {
  if (depth > 4 || value === null || typeof value !== 'object') return found;
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) found.add(value.buffer);
    return found;
  }
  if (value instanceof Map) for (const entry of value.values()) buffersOf(entry, found, depth + 1);
  else if (Array.isArray(value)) {
    // Arrays of numbers or strings hold no buffers; only look into arrays of objects.
    if (value.length && typeof value[0] === 'object') for (const entry of value) buffersOf(entry, found, depth + 1);
  } else for (const entry of Object.values(value)) buffersOf(entry, found, depth + 1);
  return found;
}

async function build(request: BuildRequest): Promise<BuildReply> {
  const started = Date.now();
  try {
    connection ??= connect(workerData.database as DatabaseConfig);
    const { query, timeParam } = await connection;
    const read = await readSnapshotInput(query, request.companyId, request.now, timeParam);
    const index = buildIndex(read.input);
    return {
      id: request.id,
      ok: true,
      index,
      itemCount: index.itemCount,
      eventCount: index.eventCount,
      watermark: read.watermark,
      buildMs: Date.now() - started,
    };
  } catch (failure) {
    connection = null;
    return { id: request.id, ok: false, error: failure instanceof Error ? failure.message : String(failure), buildMs: Date.now() - started };
  }
}

async function evaluateSettings(request: EvaluateRequest): Promise<EvaluateReply> {
  try {
    connection ??= connect(workerData.database as DatabaseConfig);
    const { query, timeParam } = await connection;
    const input = await readRecentInput(query, request.companyId, request.window, timeParam);
    if (input.events.length < 2 || input.items.length === 0) return { id: request.id, ok: true, scores: [], users: 0 };
    return { id: request.id, ok: true, ...evaluate(input, request.candidates, { maxUsers: request.maxUsers }) };
  } catch (failure) {
    connection = null;
    return { id: request.id, ok: false, error: failure instanceof Error ? failure.message : String(failure) };
  }
}

parentPort!.on('message', (request: WorkerRequest) => {
  const work: Promise<WorkerReply> = request.type === 'evaluate' ? evaluateSettings(request) : build(request);
  void work.then((reply) => {
    const transfer = 'index' in reply && reply.ok ? [...buffersOf(reply.index)] : [];
    parentPort!.postMessage(reply, transfer);
  });
});
