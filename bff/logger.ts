import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import pino, { type Logger } from 'pino';
import type { Config } from './config';

/**
 * What every line written during a request or a job run says of it: its request id, or its job and
 * run id, and, while the run works on a queued job (an erasure), that job's id.
 */
export type LogContext = { reqId: string } | { job: string; jobRunId: string; jobId?: string };

const logContexts = new AsyncLocalStorage<LogContext>();

/** Runs `work` (the rest of a request, one run of a job) so that every line it logs carries `context`. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return logContexts.run(context, work);
}

/**
 * pino's mixin: the current request's or job run's ids on every line, whichever logger writes it
 * (the services hold the process's logger, not one per request).
 */
export function logContextFields(): Partial<LogContext> {
  return logContexts.getStore() ?? {};
}

/**
 * Lines are written to stdout asynchronously, so a request never waits for the terminal or the
 * log collector; server.ts flushes the last ones before the process exits.
 */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino(
    {
      level: config.logLevel,
      // A web process of a cluster (WEB_CONCURRENCY) says which one it is.
      mixin: logContextFields,
      base: cluster.isWorker ? { service: 'navout-bff', process: cluster.worker?.id } : { service: 'navout-bff' },
      // Secrets that could be attached to a logged object by mistake.
      redact: ['req.headers.authorization', 'password', 'newPassword', 'passwordHash', 'token', 'idToken'],
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
