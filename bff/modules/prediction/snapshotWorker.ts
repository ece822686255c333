/**
 * The snapshot builder's thread. It opens its own database connection, reads a company's records
 * and builds the index, so neither the reading (JSON parsing of a million rows) nor the build
 * runs on the server's event loop. The model screen's offline evaluations (a build and thousands
 * of rankings) run here for the same reason. The index goes back packed (snapshotHandOver.ts), so
 * the server takes it in without holding its event loop. A published build is also written to a
 * shared file, and a version published by another process of the machine read back from its file
 * (snapshotFiles.ts), here for the same reason.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseConfig } from '../../config';
import { lowerThreadPriority } from '../../platform/threadPriority';
import { buildIndex, evaluate } from './engine';
import { readRecentInput, readSnapshotInput, type RecordSource, type Row } from './snapshotInput';
import { readSharedSnapshot, sharedSnapshotFile, sharedSnapshotFolder, writeSharedSnapshot } from './snapshotFiles';
import { packIndex, transferablesOf } from './snapshotHandOver';
import type { BuildReply, BuildRequest, EvaluateReply, EvaluateRequest, PostedReply, ReadSharedRequest, WorkerRequest } from './snapshotProtocol';

const require = createRequire(import.meta.url);

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  raw(toggle: boolean): SqliteStatement;
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  close(): void;
}
type SqliteConstructor = new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteDatabase;
interface PgClient {
  connect(): Promise<void>;
  query(query: { text: string; values: unknown[]; rowMode?: 'array' }): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
}
type PgConstructor = new (options: { connectionString: string }) => PgClient;

let connection: Promise<RecordSource> | null = null;

async function connect(database: DatabaseConfig): Promise<RecordSource> {
  if (database.kind === 'sqlite') {
    const Database = require('better-sqlite3') as SqliteConstructor;
    const db = new Database(database.file, { readonly: true, fileMustExist: true });
    const statements = new Map<string, SqliteStatement>();
    const prepared = (sql: string, arrays: boolean) => {
      const key = `${arrays ? 'arrays' : 'rows'}:${sql}`;
      let statement = statements.get(key);
      if (!statement) statements.set(key, (statement = db.prepare(sql).raw(arrays)));
      return statement;
    };
    return {
      kind: 'sqlite',
      query: async (sql, params) => prepared(sql, false).all(...params) as Row[],
      arrays: async (sql, params) => prepared(sql, true).all(...params) as unknown[][],
      timeParam: (ms) => ms,
    };
  }
  const { Client } = require('pg') as { Client: PgConstructor };
  const client = new Client({ connectionString: database.url });
  await client.connect();
  const numbered = (sql: string) => {
    let position = 0;
    return sql.replace(/\?/g, () => `$${++position}`);
  };
  return {
    kind: 'postgresql',
    query: async (sql, params) => (await client.query({ text: numbered(sql), values: params })).rows as Row[],
    arrays: async (sql, params) => (await client.query({ text: numbered(sql), values: params, rowMode: 'array' })).rows as unknown[][],
    timeParam: (ms) => new Date(ms),
  };
}

async function build(request: BuildRequest): Promise<BuildReply> {
  const started = Date.now();
  try {
    connection ??= connect(workerData.database as DatabaseConfig);
    const read = await readSnapshotInput(await connection, request.companyId, request.now);
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
    const input = await readRecentInput(await connection, request.companyId, request.window);
    if (input.events.length < 2 || input.items.length === 0) return { id: request.id, ok: true, scores: [], users: 0, baselines: null };
    return { id: request.id, ok: true, ...evaluate(input, request.candidates, { maxUsers: request.maxUsers, consumedTypes: request.consumedTypes }) };
  } catch (failure) {
    connection = null;
    return { id: request.id, ok: false, error: failure instanceof Error ? failure.message : String(failure) };
  }
}

// Builds and evaluations give way to the web process's requests when the cores are busy: with two
// web processes and a build on two saturated cores, predict's p99 went from 58-68 to 29-41 ms and
// its rate from 850-970 to 1,300-1,500 a second (bench/prediction.mjs), the build taking longer.
lowerThreadPriority();

/** Where this machine's processes keep a published version's index (DATA_DIR/prediction-snapshots). */
const sharedFile = (companyId: string, version: number) => sharedSnapshotFile(sharedSnapshotFolder(workerData.dataDir as string), companyId, version);

/** A build, packed for the hand-over and written to its shared file when asked. */
async function buildAndShare(request: BuildRequest): Promise<{ reply: PostedReply; transfer: ArrayBuffer[] }> {
  const built = await build(request);
  if (!built.ok) return { reply: built, transfer: [] };
  const { index, ...counts } = built;
  const { packed, transfer } = packIndex(index);
  let shareError: string | undefined;
  const version = request.sharedVersion;
  if (version !== null) {
    try {
      const { companyId } = request;
      writeSharedSnapshot(sharedFile(companyId, version), { companyId, version, itemCount: counts.itemCount, eventCount: counts.eventCount, buildMs: counts.buildMs, watermark: counts.watermark }, packed);
    } catch (failure) {
      // The version is still published: the other processes build it themselves.
      shareError = failure instanceof Error ? failure.message : String(failure);
    }
  }
  return { reply: { ...counts, index: packed, ...(shareError ? { shareError } : {}) }, transfer };
}

/** A version's shared file, answered as its build; refused (not ok) when it cannot stand for the version. */
function readShared(request: ReadSharedRequest): { reply: PostedReply; transfer: ArrayBuffer[] } {
  const started = Date.now();
  const read = readSharedSnapshot(sharedFile(request.expected.companyId, request.expected.version), request.expected);
  if ('refused' in read) return { reply: { id: request.id, ok: false, error: read.refused, buildMs: Date.now() - started }, transfer: [] };
  const { itemCount, eventCount } = request.expected;
  return {
    reply: { id: request.id, ok: true, index: read.packed, itemCount, eventCount, watermark: read.watermark, buildMs: Date.now() - started },
    transfer: transferablesOf(read.packed),
  };
}

async function answer(request: WorkerRequest): Promise<{ reply: PostedReply; transfer: ArrayBuffer[] }> {
  if (request.type === 'evaluate') return { reply: await evaluateSettings(request), transfer: [] };
  if (request.type === 'readShared') return readShared(request);
  return buildAndShare(request);
}

parentPort!.on('message', (request: WorkerRequest) => {
  void answer(request).then(
    ({ reply, transfer }) => parentPort!.postMessage(reply, transfer),
    (failure: unknown) => parentPort!.postMessage({ id: request.id, ok: false, error: failure instanceof Error ? failure.message : String(failure), buildMs: 0 } satisfies PostedReply),
  );
});
