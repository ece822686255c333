/**
 * `npm run worker`: a process that runs the deployment's background jobs and no HTTP: webhook and
 * Write Back deliveries, syncs (queued and scheduled), audience builds and refreshes. Run the web
 * servers with BACKGROUND_JOBS=false (or SYNC_WORKER=false to move only the syncing here). Every
 * job claims its work from a queue in the database, so on PostgreSQL any number of these share it
 * without doing anything twice. Work queued by a web server is found at the next poll (syncs
 * SYNC_POLL_SECONDS, deliveries 5 s, audience builds 2 s). SIGTERM and SIGINT give the sync runs
 * in flight back to the queue (another worker resumes them from their cursor), close the database
 * and exit 0.
 *
 * The same code is the web server's own jobs process (jobsProcess.ts), started with
 * JOBS_OF_SERVER_ARG: it runs the jobs that server's configuration gives it (webServerDeploymentJobs),
 * claims a run at once when the server says Sync Now queued one, runs at a lower priority than the
 * server, and stops when the server does or when its channel to the server closes (the server died).
 */
import { loadConfig } from './config';
import { initOrm, openDatabase } from './db';
import { JOBS_OF_SERVER_ARG, lowerJobsProcessPriority, type JobsProcessMessage } from './jobsProcess';
import { createLogger } from './logger';
import { syncQueued } from './modules/dataSources';
import { createRuntime, DEPLOYMENT_JOBS, webServerDeploymentJobs } from './runtime';
import { exitAfter, onStopSignal } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const ofServer = process.argv.includes(JOBS_OF_SERVER_ARG) && typeof process.send === 'function';
  // The web server's requests come first on a busy machine.
  if (ofServer) lowerJobsProcessPriority();
  const logger = ofServer ? createLogger(config).child({ process: 'jobs' }) : createLogger(config);
  // The web server has applied the migrations before starting its jobs process.
  const orm = ofServer ? await initOrm(config) : await openDatabase(config, logger);
  if (config.database.kind === 'sqlite' && !ofServer) logger.warn('A separate worker on SQLite: run it only with BACKGROUND_JOBS=false on the web server (SQLite has one writer).');

  const runtime = createRuntime(config, orm, { logger });
  const jobs = ofServer ? webServerDeploymentJobs(config) : [...DEPLOYMENT_JOBS];
  runtime.start(jobs);
  logger.info({ jobs, workerId: runtime.jobs.sync.workerId, pollMs: config.sync.pollMs, scheduleMs: config.sync.scheduleMs }, ofServer ? 'Navout background jobs process started' : 'Navout worker started');

  let stop = (reason: string) => {
    stop = () => undefined;
    logger.info({ signal: reason }, 'Shutting down');
    void exitAfter(logger, runtime, orm, false);
  };
  onStopSignal((signal) => stop(signal));
  if (ofServer) {
    process.on('message', (message: JobsProcessMessage) => {
      if (message?.type === 'sync-queued') syncQueued(orm);
    });
    // The web server ended without stopping this process: its runs go back to the queue.
    process.once('disconnect', () => stop('the web server ended'));
  }
}

main().catch((failure: unknown) => {
  console.error('Navout worker failed to start:', failure);
  process.exit(1);
});
