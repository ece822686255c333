/**
 * A process running the deployment's privacy erasures as `npm run worker` runs them (the same
 * runtime, the erasure loop alone), for the tests that kill it mid-way. With FREEZE_AT (the start
 * of a statement) it lets FREEZE_AFTER such statements through, then stops dead before the next,
 * inside the transaction that runs it: it writes "Frozen before ..." and blocks its one thread
 * until it is killed, as a process that loses its machine at that instant would stop.
 */
import { writeSync } from 'node:fs';
import { loadConfig } from '../../../bff/config';
import { openDatabase } from '../../../bff/db';
import { createLogger } from '../../../bff/logger';
import { knexOf } from '../../../bff/platform/sql';
import { createRuntime } from '../../../bff/runtime';

export const FROZEN = 'Frozen before';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const orm = await openDatabase(config, logger);
  const freezeAt = process.env.FREEZE_AT;
  let through = Number(process.env.FREEZE_AFTER ?? 0);
  if (freezeAt) {
    knexOf(orm).on('query', (query: { sql?: string }) => {
      if (!query.sql?.startsWith(freezeAt) || through-- > 0) return;
      writeSync(1, `${FROZEN} ${freezeAt}\n`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    });
  }
  const runtime = createRuntime(config, orm, { logger });
  runtime.start(['privacyErasures']);
  logger.info('Erasure worker started');
  const stop = () => {
    void runtime
      .stop()
      .then(() => orm.close(true))
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
}

main().catch((failure: unknown) => {
  console.error('The erasure worker failed to start:', failure);
  process.exit(1);
});
