/**
 * The runs a worker process holds: each claimed run started under its own abort controller and
 * kept until it ends, so the claim loop fills only the free slots and a stopping worker can stop
 * them all and wait for each to be given back to the queue.
 */
import { runSync, type SyncRunDependencies } from './runSync';

export type InFlightRuns = Map<string, { controller: AbortController; done: Promise<void> }>;

/** Claims one due run and starts it; its end (wrapped: an async function would flatten a promise), or null when none was due. */
export async function startNextRun(deps: SyncRunDependencies, inFlight: InFlightRuns): Promise<{ done: Promise<void> } | null> {
  const claimed = await deps.queue.claim(deps.workerId);
  if (!claimed) return null;
  const controller = new AbortController();
  const done = runSync(deps, claimed, controller)
    .catch((failure: unknown) => deps.logger.error({ err: failure, runId: claimed.id }, 'Sync run could not be recorded'))
    .finally(() => inFlight.delete(claimed.id));
  inFlight.set(claimed.id, { controller, done });
  return { done };
}

/** Reclaims expired leases, then runs due runs until none is left (tests; the loop uses poll). */
export async function runAllDue(deps: SyncRunDependencies, inFlight: InFlightRuns): Promise<number> {
  await deps.queue.reclaimExpired();
  let count = 0;
  for (;;) {
    const started = await startNextRun(deps, inFlight);
    if (!started) return count;
    await started.done;
    count += 1;
  }
}

/** One pass of the claim loop: fills this process's free slots with due runs. */
export async function fillFreeSlots(deps: SyncRunDependencies, inFlight: InFlightRuns, concurrency: number): Promise<void> {
  await deps.queue.reclaimExpired();
  while (!deps.stopping() && inFlight.size < concurrency) {
    if (!(await startNextRun(deps, inFlight))) return;
  }
}

/** Stops the runs in flight; each is given back to the queue and resumes from its cursor. */
export async function stopInFlight(inFlight: InFlightRuns): Promise<void> {
  for (const { controller } of inFlight.values()) controller.abort();
  await Promise.allSettled([...inFlight.values()].map((each) => each.done));
}
