/**
 * The web server's background jobs in a process of their own. A web server that runs the
 * deployment's jobs (the default start: one process, BACKGROUND_JOBS and SYNC_WORKER on) forks
 * `npm run worker`'s code (worker.ts, with JOBS_OF_SERVER_ARG) instead of running them on its own
 * event loop: a connector paging answers of 20 MB, a retention pass or an erasure then parses and
 * writes on the child's loop, under the child's own heap limit (JOBS_MEMORY_MB) and at a lower
 * priority, and every company's requests keep being answered. The child shares the database (SQLite's WAL, or PostgreSQL) and the queues, as
 * `npm run worker` does; its log lines go to the same output, each saying its job and run id.
 *
 * The child is restarted when it dies (a run it held resumes from its cursor once its lease
 * expires), told at once when Sync Now queues a run in the web process (no wait for its poll),
 * stopped with the web server (its runs go back to the queue), and ends by itself should the web
 * server die without stopping it (its IPC channel closes).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { BUILD_THREAD_NICENESS } from './platform/threadPriority';

/** The argument that tells worker.ts it runs a web server's jobs (their list, IPC nudges, ending with its parent). */
export const JOBS_OF_SERVER_ARG = '--jobs-of-server';
/** A child that dies is started again after this long, doubled for each death within DEATH_WINDOW_MS of its start, up to RESTART_MAX_MS. */
const RESTART_DELAY_MS = 1_000;
const RESTART_MAX_MS = 30_000;
const DEATH_WINDOW_MS = 60_000;
/** How long a stop waits for the child's runs to go back to the queue before it is killed. */
const STOP_GRACE_MS = 20_000;

/** A message the web server sends its jobs process. */
export type JobsProcessMessage = { type: 'sync-queued' };

export interface JobsProcess {
  /** The child's process id while it runs, else null. */
  readonly pid: number | null;
  start(): void;
  /** Sync Now queued a run: the child's sync worker claims it at once. */
  syncQueued(): void;
  /** Stops the child (its runs go back to the queue) and waits for it to end; no restart after. */
  stop(): Promise<void>;
}

export interface JobsProcessOptions {
  /** worker.ts beside the caller: .ts under tsx, .js in the compiled server. */
  entry: URL;
  /** The child's V8 heap limit (JOBS_MEMORY_MB). */
  memoryMb: number;
  logger: Pick<Logger, 'info' | 'error' | 'warn'>;
  /** Node's arguments of the child beside the heap limit (by default the caller's own: tsx's loader, source maps). */
  execArgv?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * In the jobs process: lowers its priority (every thread it has, and so every thread they start)
 * to the build threads' niceness, so that on a busy machine the web server's event loop gets a
 * core first and a pull's parsing takes what is left. Linux only; elsewhere, or where it is not
 * permitted, the process runs at the server's priority.
 */
export function lowerJobsProcessPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), BUILD_THREAD_NICENESS);
  } catch {
    // Not permitted here.
  }
}

/** Node's arguments for the child: the parent's (tsx's loader, source maps), with its own heap limit. */
export function jobsProcessArgs(execArgv: readonly string[], memoryMb: number): string[] {
  return [...execArgv.filter((arg) => !arg.startsWith('--max-old-space-size')), `--max-old-space-size=${memoryMb}`];
}

export function superviseJobsProcess({ entry, memoryMb, logger, execArgv = process.execArgv, env = process.env }: JobsProcessOptions): JobsProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let quickDeaths = 0;
  let ended: Promise<void> = Promise.resolve();

  const spawn = (): void => {
    const startedAt = Date.now();
    const started = fork(fileURLToPath(entry), [JOBS_OF_SERVER_ARG], {
      execArgv: jobsProcessArgs(execArgv, memoryMb),
      env,
      // Its log lines go straight to the server's output; the channel carries the nudges.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    ended = new Promise((resolve) => started.once('exit', () => resolve()));
    logger.info({ jobsPid: started.pid }, 'Background jobs process started');
    started.on('error', (failure) => logger.error({ err: failure }, 'The background jobs process could not be started'));
    started.once('exit', (code, signal) => {
      if (child === started) child = null;
      if (stopping) return;
      quickDeaths = Date.now() - startedAt < DEATH_WINDOW_MS ? quickDeaths + 1 : 0;
      const delay = Math.min(RESTART_MAX_MS, RESTART_DELAY_MS * 2 ** Math.max(0, quickDeaths - 1));
      logger.error({ jobsPid: started.pid, code, signal, restartInMs: delay }, 'The background jobs process ended; starting another');
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (!stopping) spawn();
      }, delay);
      restartTimer.unref();
    });
  };

  return {
    get pid() {
      return child?.pid ?? null;
    },
    start() {
      if (child || restartTimer) return;
      stopping = false;
      spawn();
    },
    syncQueued() {
      // A child restarting finds the run at its start (its claim loop runs at once).
      if (child?.connected) child.send({ type: 'sync-queued' } satisfies JobsProcessMessage, (failure) => failure && logger.warn({ err: failure }, 'Could not tell the background jobs process of a queued sync'));
    },
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = null;
      const running = child;
      if (!running) return;
      const forced = setTimeout(() => {
        logger.warn({ jobsPid: running.pid }, 'The background jobs process did not stop in time; killing it');
        running.kill('SIGKILL');
      }, STOP_GRACE_MS);
      running.kill('SIGTERM');
      await ended;
      clearTimeout(forced);
    },
  };
}
