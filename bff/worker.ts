/**
 * `npm run worker`: a process that only syncs (no HTTP): the runtime with its sync job alone. It claims queued sync runs and queues
 * scheduled ones, like the worker inside the web process; on PostgreSQL any number of these share
 * the queue without running one source twice. Sync Now wakes only the worker inside the web
 * process that queued the run; this one finds it at its next poll (SYNC_POLL_SECONDS). SIGTERM
 * and SIGINT give the runs in flight back to the queue (another worker resumes them from their
 * cursor), close the database and exit 0.
 */
import { loadConfig } from './config';
import { openDatabase } from './db';
import { createLogger } from './logger';
import { createRuntime } from './runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const orm = await openDatabase(config, logger);
  if (config.database.kind === 'sqlite') logger.warn('A separate sync worker on SQLite: run it only with SYNC_WORKER=false on the web process (SQLite has one writer).');

  const runtime = createRuntime(config, orm, { logger });
  runtime.start(['sync']);
  logger.info({ workerId: runtime.jobs.sync.workerId, pollMs: config.sync.pollMs, scheduleMs: config.sync.scheduleMs }, 'Navout sync worker started');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    void (async () => {
      let failed = false;
      try {
        await runtime.stop();
        await orm.close();
      } catch (failure) {
        failed = true;
        logger.error({ err: failure }, 'Sync worker did not stop cleanly');
      } finally {
        logger.info('Stopped');
        logger.flush(() => process.exit(failed ? 1 : 0));
      }
    })();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((failure: unknown) => {
  console.error('Navout sync worker failed to start:', failure);
  process.exit(1);
});
