/**
 * The audience build's thread. It opens its own database connection and runs the whole build
 * there (build.ts: one pass over a company's records, the new generation's writes and the
 * switch), so neither the reading and JSON parsing of a million rows nor the scoring of every
 * profile runs on the server's event loop. Requests run one after another, in the order sent;
 * progress goes back as messages, which the server records on the job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { knex as createKnex, type Knex } from '@mikro-orm/knex';
import type { DatabaseConfig } from '../../config';
import { lowerThreadPriority } from '../../platform/threadPriority';
import { buildAudience } from './build';
import type { AudienceBuildMessage, AudienceBuildRequest } from './buildProtocol';

/** Progress is sent at most this often: each message becomes a write of the job's row. */
const PROGRESS_INTERVAL_MS = 250;
// On a busy machine the server's event loop gets a core before the build (measured: longest
// event-loop delay in bench/audience.mjs).
lowerThreadPriority();

let connection: Knex | null = null;

function connect(database: DatabaseConfig, sqliteBusyTimeoutMs: number): Knex {
  if (database.kind === 'sqlite') {
    // One connection, as the server's, waiting for the server's write lock (busy_timeout). The
    // build's transactions write from their first statement, so a plain BEGIN waits too.
    const afterCreate = (connection: { pragma(source: string): unknown }, done: (failure: Error | null, connection: unknown) => void) => {
      try {
        connection.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
        done(null, connection);
      } catch (failure) {
        done(failure as Error, connection);
      }
    };
    return createKnex({ client: 'better-sqlite3', connection: { filename: database.file }, useNullAsDefault: true, pool: { min: 1, max: 1, afterCreate } });
  }
  // One connection holds the company's advisory lock for the build; the others read and write.
  return createKnex({ client: 'pg', connection: database.url, pool: { min: 0, max: 3 } });
}

const send = (message: AudienceBuildMessage) => parentPort!.postMessage(message);

async function build(request: AudienceBuildRequest): Promise<void> {
  const { database, sqliteBusyTimeoutMs } = workerData as { database: DatabaseConfig; sqliteBusyTimeoutMs: number };
  connection ??= connect(database, sqliteBusyTimeoutMs);
  let lastProgress = 0;
  try {
    await buildAudience({
      knex: connection,
      kind: database.kind,
      companyId: request.companyId,
      now: new Date(request.now),
      maxProfilesPerMerge: request.maxProfilesPerMerge,
      previousGenerationGraceMs: request.previousGenerationGraceMs,
      onProgress: (processed, total) => {
        const at = Date.now();
        if (at - lastProgress < PROGRESS_INTERVAL_MS && processed < total) return;
        lastProgress = at;
        send({ type: 'progress', id: request.id, processed, total });
      },
      onBatch: (batch) => send({ type: 'batch', id: request.id, ...batch }),
      onSwitched: (result) => send({ type: 'done', id: request.id, result }),
    });
  } catch (failure) {
    send({ type: 'failed', id: request.id, error: failure instanceof Error ? failure.message : String(failure) });
    // A connection that failed may be broken: the next build opens a new one. Not awaited: the
    // pool's end must never hold up the builds queued behind this one.
    const broken = connection;
    connection = null;
    void broken?.destroy().catch(() => undefined);
  } finally {
    send({ type: 'finished', id: request.id });
  }
}

let queue: Promise<void> = Promise.resolve();
parentPort!.on('message', (request: AudienceBuildRequest) => {
  queue = queue.then(() => build(request));
});
