/** The retention job: once per deployment, it applies every company's retention periods (purge.ts). */
import type { Logger } from 'pino';
import { repeatingJob, type RepeatingJob } from '../../platform/jobs';
import { applyRetention, type RetentionDeps } from './purge';

/** Periods are in days: an hourly run keeps each within an hour of its cutoff. */
export const RETENTION_EVERY_MS = 60 * 60_000;

export function createRetentionJob(deps: RetentionDeps & { logger: Pick<Logger, 'error' | 'info'>; everyMs?: number }): RepeatingJob {
  return repeatingJob({
    name: 'retention',
    everyMs: deps.everyMs ?? RETENTION_EVERY_MS,
    run: async () => {
      const run = await applyRetention(deps);
      if (run.events.rows || run.calls.rows || run.responses.rows) {
        deps.logger.info({ events: run.events.rows, calls: run.calls.rows, responses: run.responses.rows }, 'Retention deleted rows older than their periods');
      }
      return run;
    },
    logger: deps.logger,
    runOnStart: true,
  });
}
