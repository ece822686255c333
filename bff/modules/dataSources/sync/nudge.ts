/**
 * Sync Now wakes the sync worker of its own process at once, so a run queued from the dashboard
 * does not wait for the worker's next poll (SYNC_POLL_SECONDS). The web server listens here too
 * and passes the word to its jobs process (jobsProcess.ts), whose worker is woken the same way.
 * Workers in other processes (`npm run worker`) are not told: they find the run when they poll.
 * The listeners are kept per ORM, so an app only wakes a worker of its own database (tests run
 * several apps in one process).
 */

type Wake = () => void;

const listeners = new WeakMap<object, Set<Wake>>();

/** Calls `wake` whenever a run is queued through `orm` in this process; the answer stops that. */
export function onSyncQueued(orm: object, wake: Wake): () => void {
  let set = listeners.get(orm);
  if (!set) listeners.set(orm, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

/** Wakes this process's workers of `orm`: a run was just queued. */
export function syncQueued(orm: object): void {
  for (const wake of listeners.get(orm) ?? []) wake();
}
