/**
 * Starts the BFF: configuration, database and migrations, the demo on a first SQLite start, the
 * runtime's background jobs, then HTTP. SIGTERM and SIGINT stop accepting connections, let
 * requests in flight finish, stop the jobs (sync runs go back to the queue, buffered calls are
 * written), close the database and exit 0.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestContext } from '@mikro-orm/core';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db';
import type { Orm } from './types';
import { Company } from './entities';
import { createLogger } from './logger';
import { createRuntime, webProcessJobs } from './runtime';
import { DEMO_USERS, seedDemo } from './seeders/demo';

const SHUTDOWN_GRACE_MS = 10_000;

async function shouldSeed(config: Config, orm: Orm): Promise<boolean> {
  if (config.seedDemo !== undefined) return config.seedDemo;
  if (config.database.kind !== 'sqlite') return false;
  return RequestContext.create(orm.em, async () => (await orm.em.count(Company, {})) === 0);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const orm = await openDatabase(config, logger);

  if (await shouldSeed(config, orm)) {
    const seeded = await RequestContext.create(orm.em, () => seedDemo(orm.em, { data: config }));
    if (seeded) {
      console.info('\nDemo data created. Sign in with:');
      for (const user of DEMO_USERS) console.info(`  ${user.email.padEnd(24)} ${user.password.padEnd(20)} ${user.role}`);
      console.info('');
    }
  }

  const runtime = createRuntime(config, orm, { logger });
  const server = createServer(createApp(config, runtime).callback());
  // Idle keep-alive connections must not hold a shutdown open.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port, url: `http://localhost:${port}` }, 'Navout BFF listening');
  runtime.start(webProcessJobs(config));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    const forced = setTimeout(() => {
      logger.warn('Requests still running after the grace period; closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    server.close(async (failure) => {
      try {
        await runtime.stop();
        await orm.close();
      } finally {
        logger.info('Stopped');
        // The log is written asynchronously: its last lines must be out before the process ends.
        logger.flush(() => process.exit(failure ? 1 : 0));
      }
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((failure: unknown) => {
  const reason = failure instanceof Error && 'code' in failure && failure.code === 'EADDRINUSE'
    ? `port ${(failure as { port?: number }).port} is already in use (set PORT to another one)`
    : failure;
  console.error('Navout BFF failed to start:', reason);
  process.exit(1);
});
