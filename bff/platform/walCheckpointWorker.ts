/**
 * The checkpoint thread of a process on SQLite (walCheckpoints.ts): a connection of its own to the
 * database file that copies the write-ahead log into the file every `everyMs`, so that no commit
 * of the process's own connection does it on the event loop.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointReport, CheckpointWorkerData } from './walCheckpoints';

interface SqliteDatabase {
  pragma(statement: string, options: { simple: true }): unknown;
  pragma(statement: string): Array<{ busy: number; log: number; checkpointed: number }>;
}
type SqliteConstructor = new (file: string, options: { fileMustExist: boolean }) => SqliteDatabase;

/**
 * How long a restarting checkpoint waits for the writer under way, then for the readers of the
 * log: meanwhile it holds the write lock, so writers of every process wait about that long at most.
 */
const RESTART_WAIT_MS = 20;

const { file, everyMs, logLimitPages } = workerData as CheckpointWorkerData;

// The driver itself: the thread starts in a tenth of the time a query builder would take.
const Database = createRequire(import.meta.url)('better-sqlite3') as SqliteConstructor;
const db = new Database(file, { fileMustExist: true });
// Only a restarting checkpoint calls the busy handler; nothing else runs on this connection.
db.pragma(`busy_timeout = ${RESTART_WAIT_MS}`, { simple: true });

const send = (report: CheckpointReport) => parentPort!.postMessage(report);

function run(mode: 'PASSIVE' | 'RESTART') {
  const [row] = db.pragma(`wal_checkpoint(${mode})`);
  return { busy: row!.busy === 1, logFrames: row!.log, checkpointedFrames: row!.checkpointed };
}

/**
 * PASSIVE copies every frame no reader still needs and returns: it never waits for, or holds up,
 * a reader or a writer of any process (another process's checkpoint under way answers busy).
 * The log starts again from its beginning at a commit that finds it all copied; while commits
 * follow one another without a pause, none does, and a log past the limit is restarted here,
 * the writers held for the few milliseconds that takes. (Not truncated: emptying the file and
 * growing it again held writers for 130-230 ms where a restart holds them no longer than the
 * checkpoints in between.)
 */
function checkpoint(): void {
  const startedAt = Date.now();
  const passive = run('PASSIVE');
  if (passive.logFrames <= logLimitPages) return send({ kind: 'checkpoint', startedAt, restarted: false, ...passive });
  const restart = run('RESTART');
  send({ kind: 'checkpoint', startedAt, restarted: !restart.busy, ...(restart.busy ? passive : restart) });
}

send({ kind: 'ready' });
setInterval(checkpoint, everyMs);
