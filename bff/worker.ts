/**
 * `npm run worker`: a process that runs the deployment's background jobs and no HTTP: webhook and
 * Write Back deliveries, syncs (queued and scheduled), audience builds and refreshes. Run the web
 * servers with BACKGROUND_JOBS=false (or SYNC_WORKER=false to move only the syncing here). Every
 * job claims its work from a queue in the database, so on PostgreSQL any number of these share it
 * without doing anything twice. Work queued by a web server is found at the next poll (syncs
 * SYNC_POLL_SECONDS, deliveries 5 s, audience builds 2 s). SIGTERM and SIGINT give the sync runs
 * in flight back to the queue (another worker resumes them from their cursor), close the database
 * and exit 0.
 */
import { loadConfig } from './config';
import { openDatabase } from './db';
import { createLogger } from './logger';
import { createRuntime, DEPLOYMENT_JOBS } from './runtime';
import { exitAfter, onStopSignal } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const orm = await openDatabase(config, logger);
  if (config.database.kind === 'sqlite') logger.warn('A separate worker on SQLite: run it only with BACKGROUND_JOBS=false on the web server (SQLite has one writer).');

  const runtime = createRuntime(config, orm, { logger });
  runtime.start(DEPLOYMENT_JOBS);
  logger.info({ jobs: DEPLOYMENT_JOBS, workerId: runtime.jobs.sync.workerId, pollMs: config.sync.pollMs, scheduleMs: config.sync.scheduleMs }, 'Navout worker started');

  onStopSignal((signal) => {
    logger.info({ signal }, 'Shutting down');
    void exitAfter(logger, runtime, orm, false);
  });
}

main().catch((failure: unknown) => {
  console.error('Navout worker failed to start:', failure);
  process.exit(1);
});
