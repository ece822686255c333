/**
 * The runs a worker process holds: each claimed run started under its own abort controller and
 * kept until it ends, so the claim loop fills only the free slots and a stopping worker can stop
 * them all and wait for each to be given back to the queue.
 *
 * The slots are shared fairly between companies: one company holds at most `perCompany` of them
 * (by default all but one, so another company's run always finds a slot), and the claim takes a
 * company with no run in progress before a second run of a busy one (leases.ts).
 */
import type { EntityManager } from '@mikro-orm/core';
import { runSync, type SyncRunDependencies } from './runSync';

export type InFlightRuns = Map<string, { companyId: string; controller: AbortController; done: Promise<void> }>;

export interface Slots {
  /** Runs this process works on at once. */
  concurrency: number;
  /** Of those, the most one company may hold. */
  perCompany: number;
}

/** The share of a process's slots one company may hold when none is set: all but one, at least one. */
export const companyShare = (concurrency: number): number => Math.max(1, concurrency - 1);

/** The companies whose share of this process's slots is used up. */
function fullCompanies(inFlight: InFlightRuns, perCompany: number): string[] {
  const held = new Map<string, number>();
  for (const { companyId } of inFlight.values()) held.set(companyId, (held.get(companyId) ?? 0) + 1);
  return [...held].filter(([, count]) => count >= perCompany).map(([companyId]) => companyId);
}

/**
 * Claims one due run in `em` (the pass's own EntityManager) and starts it, in an EntityManager of
 * its own; its end (wrapped: an async function would flatten a promise), or null when none was due.
 */
export async function startNextRun(em: EntityManager, deps: SyncRunDependencies, inFlight: InFlightRuns, perCompany = Infinity): Promise<{ done: Promise<void> } | null> {
  const claimed = await deps.queue.claim(em, deps.workerId, { excluded: fullCompanies(inFlight, perCompany) });
  if (!claimed) return null;
  const controller = new AbortController();
  const done = runSync(deps, claimed, controller)
    .catch((failure: unknown) => deps.logger.error({ err: failure, runId: claimed.id }, 'Sync run could not be recorded'))
    .finally(() => {
      inFlight.delete(claimed.id);
      deps.runEnded?.();
    });
  inFlight.set(claimed.id, { companyId: claimed.companyId, controller, done });
  return { done };
}

/** Reclaims expired leases, then runs due runs until none is left (tests; the loop uses poll). */
export async function runAllDue(deps: SyncRunDependencies, inFlight: InFlightRuns): Promise<number> {
  const em = deps.fork();
  await deps.queue.reclaimExpired(em);
  let count = 0;
  for (;;) {
    const started = await startNextRun(em, deps, inFlight);
    if (!started) return count;
    await started.done;
    count += 1;
  }
}

/** One pass of the claim loop: fills this process's free slots with due runs, each company within its share. */
export async function fillFreeSlots(deps: SyncRunDependencies, inFlight: InFlightRuns, { concurrency, perCompany }: Slots): Promise<void> {
  const em = deps.fork();
  await deps.queue.reclaimExpired(em);
  while (!deps.stopping() && inFlight.size < concurrency) {
    if (!(await startNextRun(em, deps, inFlight, perCompany))) return;
  }
}

/** Stops the runs in flight; each is given back to the queue and resumes from its cursor. */
export async function stopInFlight(inFlight: InFlightRuns): Promise<void> {
  for (const { controller } of inFlight.values()) controller.abort();
  await Promise.allSettled([...inFlight.values()].map((each) => each.done));
}
