/**
 * Each company's prediction index, held in memory and versioned in prediction_snapshots.
 *
 * - A build runs in a worker thread (snapshotWorker.ts) that reads the records over its own
 *   connection, so predict keeps its latency while a catalogue is rebuilt.
 * - One builder per company across replicas: a new version row is claimed in a transaction that
 *   holds a PostgreSQL advisory lock on the company (SQLite has one process, whose in-flight map
 *   already serialises builds), and no other claim succeeds while a recent 'building' row exists.
 * - Replicas poll the table and load a newer ready version, and also the snapshot of any company
 *   another replica served in the last day, so a new process (or a company that began calling on
 *   another process) does not make its first callers wait. A process of the same machine reads the
 *   index its builder kept in DATA_DIR (snapshotFiles.ts); another machine builds it locally.
 * - Freshness: the refresher rebuilds a company whose records changed after its watermark, and
 *   predict adds the caller's own newer events (recentEvents) between builds.
 *
 * The store is assembled here from plain functions on one shared context (snapshotContext.ts):
 * builds and evaluations (snapshotBuild.ts, in the worker of snapshotWorkerClient.ts), the
 * published indexes' shared files (snapshotFiles.ts), the in-memory snapshots
 * (snapshotCache.ts), the versions table (snapshotVersions.ts), and the refresh and poll passes
 * (snapshotRefresh.ts).
 */
import type { DiscoveryLever } from '@domain/models/settings';
import type { EventType } from '@domain/prediction/contract';
import { evaluateSettings } from './snapshotBuild';
import { load, once } from './snapshotCache';
import { createSnapshotContext, type LoadedSnapshot, type SnapshotOptions } from './snapshotContext';
import type { RecentWindow } from './snapshotInput';
import { pollSnapshots, refreshSnapshots } from './snapshotRefresh';
import { latestReady, publish } from './snapshotVersions';

export type { LoadedSnapshot, SnapshotOptions } from './snapshotContext';
export { BUILD_TIMEOUT_MS } from './snapshotVersions';

export function createSnapshotStore(options: SnapshotOptions) {
  const ctx = createSnapshotContext(options);
  const { loaded, inFlight } = ctx;

  return {
    /**
     * Offline scores of Discovery settings on the company's recent window (see engine/evaluate.ts),
     * computed in the worker: an evaluation builds an index and ranks for thousands of people.
     * `users` is 0 when the window holds too few events.
     */
    evaluate(companyId: string, window: RecentWindow, candidates: Array<Record<DiscoveryLever, number>>, maxUsers: number, consumedTypes: EventType[] = ['purchase']) {
      return evaluateSettings(ctx, companyId, window, candidates, maxUsers, consumedTypes);
    },

    /** The company's loaded snapshot, if any (never waits). */
    current(companyId: string): LoadedSnapshot | undefined {
      return loaded.get(companyId);
    },

    /** The company's snapshot; the first request for a company waits for it once. */
    async ensure(companyId: string): Promise<LoadedSnapshot> {
      const current = loaded.get(companyId);
      if (current) return current;
      return once(ctx, companyId, async () => {
        const ready = await latestReady(ctx, companyId);
        return ready > 0 ? load(ctx, companyId, ready) : publish(ctx, companyId);
      });
    },

    /** Builds and publishes a new version now (or loads the one another replica is publishing). */
    rebuild(companyId: string): Promise<LoadedSnapshot> {
      return once(ctx, companyId, () => publish(ctx, companyId));
    },

    /**
     * The refresher's pass: every loaded company whose records changed after its watermark gets a
     * new version. Returns the companies rebuilt.
     */
    refresh(): Promise<string[]> {
      return refreshSnapshots(ctx);
    },

    /** The replicas' poll: a newer ready version published elsewhere, or a company served elsewhere, is loaded here. Returns the companies loaded. */
    poll(): Promise<string[]> {
      return pollSnapshots(ctx);
    },

    /** Forgets every loaded snapshot (tests; a replica that must start over). */
    forget(companyId?: string): void {
      if (companyId) loaded.delete(companyId);
      else loaded.clear();
    },

    async stop(): Promise<void> {
      await Promise.allSettled([...inFlight.values()]);
      await ctx.builder?.stop();
    },
  };
}

export type SnapshotStore = ReturnType<typeof createSnapshotStore>;
