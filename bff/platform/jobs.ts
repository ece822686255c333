/**
 * Background jobs of one shape. The runtime (bff/runtime.ts) starts every job of a process and
 * stops them on shutdown; a test starts and stops the one it drives. A repeating job runs every
 * `everyMs`, never overlaps itself (a tick that finds a run under way is skipped) and never stops
 * the process on a failure (it is logged, and the next tick tries again). Each run is timed into
 * the metrics (bff/platform/metrics.ts), and every line it logs says its job and run id.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { withLogContext } from "../logger";
import { timedJobRun } from "./metrics";

export interface Job {
  /** What the job does, as the log says it. */
  readonly name: string;
  start(): void;
  /** Starts no more runs and waits for the one under way. */
  stop(): Promise<void>;
}

export interface RepeatingJob extends Job {
  /**
   * Runs at once rather than at the next tick; during a run, once more right after it, since the
   * run under way may have looked before what woke it (Sync Now queuing a run, say).
   */
  wake(): void;
}

export interface RepeatingJobOptions {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  logger: Pick<Logger, "error">;
  /** Runs once on start (work left by an earlier process goes out at once). */
  runOnStart?: boolean;
  /** After the last run on stop: what the job hands back or writes out (a buffer, runs in flight). */
  afterStop?: () => Promise<void>;
}

export function repeatingJob({
  name,
  everyMs,
  run,
  logger,
  runOnStart = false,
  afterStop,
}: RepeatingJobOptions): RepeatingJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  const runOnce = (): void => {
    // Every line the run logs (its failure too) carries the job and the run's id; its duration goes to the metrics.
    running = withLogContext({ job: name, jobRunId: randomUUID() }, () =>
      timedJobRun(name, run).then(
        () => undefined,
        (failure: unknown) => logger.error({ err: failure }, `${name} failed`),
      ),
    ).finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        runOnce();
      }
    });
  };
  const tick = (): void => {
    if (!running) runOnce();
  };

  return {
    name,
    start() {
      if (timer) return;
      stopped = false;
      timer = setInterval(tick, everyMs);
      if (runOnStart) tick();
    },
    wake() {
      if (stopped) return;
      if (running) again = true;
      else runOnce();
    },
    async stop() {
      stopped = true;
      again = false;
      if (timer) clearInterval(timer);
      timer = null;
      // A run that ended with `again` set starts no other once stopped; wait for the last one.
      while (running) await running;
      await afterStop?.();
    },
  };
}

/** Several jobs started and stopped as one (a worker's claim loop beside its scheduler). */
export function jobGroup(
  name: string,
  jobs: readonly Job[],
  afterStop?: () => Promise<void>,
): Job {
  return {
    name,
    start() {
      for (const job of jobs) job.start();
    },
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
      await afterStop?.();
    },
  };
}
