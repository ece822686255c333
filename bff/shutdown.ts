/**
 * How a Navout process ends on SIGTERM or SIGINT (the web server, its supervisor, `npm run worker`):
 * once, with its jobs stopped (sync runs back to the queue, buffered calls written), the database
 * closed and the log written out.
 */
import type { Logger } from 'pino';
import type { Orm } from './types';

/** Stops the runtime (its jobs; bff/runtime.ts) and the database, logs, and ends the process once the log is written. */
export async function exitAfter(logger: Logger, runtime: { stop(): Promise<void> }, orm: Orm, failed: boolean): Promise<void> {
  try {
    await runtime.stop();
    await orm.close();
  } catch (failure) {
    failed = true;
    logger.error({ err: failure }, 'Did not stop cleanly');
  } finally {
    logger.info('Stopped');
    // The log is written asynchronously: its last lines must be out before the process ends.
    logger.flush(() => process.exit(failed ? 1 : 0));
  }
}

/** Runs `stop` on the first SIGTERM or SIGINT; a second signal changes nothing. */
export function onStopSignal(stop: (signal: string) => void): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal);
    });
  }
}
