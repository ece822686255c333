import cluster from 'node:cluster';
import pino, { type Logger } from 'pino';
import type { Config } from './config';

/**
 * Lines are written to stdout asynchronously, so a request never waits for the terminal or the
 * log collector; server.ts flushes the last ones before the process exits.
 */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino(
    {
      level: config.logLevel,
      // A web process of a cluster (WEB_CONCURRENCY) says which one it is.
      base: cluster.isWorker ? { service: 'navout-bff', process: cluster.worker?.id } : { service: 'navout-bff' },
      // Secrets that could be attached to a logged object by mistake.
      redact: ['req.headers.authorization', 'password', 'newPassword', 'passwordHash', 'token', 'idToken'],
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
