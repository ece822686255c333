/**
 * This replica's snapshots in memory: keeping a built version (never over a newer one), loading a
 * version another replica published, and one build or load at a time per company.
 */
import { buildIndexFor, type BuildResult } from './snapshotBuild';
import type { LoadedSnapshot, SnapshotContext } from './snapshotContext';

/** Holds the build as the company's snapshot, unless a newer version is already loaded; returns the loaded one. */
export function keep(ctx: SnapshotContext, companyId: string, version: number, build: BuildResult): LoadedSnapshot {
  const snapshot: LoadedSnapshot = {
    companyId,
    version,
    index: build.index,
    watermark: build.watermark,
    itemCount: build.itemCount,
    eventCount: build.eventCount,
    loadedAt: ctx.now().getTime(),
  };
  const current = ctx.loaded.get(companyId);
  // A slower build of an older version never replaces a newer one.
  if (!current || current.version <= version) ctx.loaded.set(companyId, snapshot);
  return ctx.loaded.get(companyId)!;
}

/** Builds locally what another replica published as `version`. */
export async function load(ctx: SnapshotContext, companyId: string, version: number): Promise<LoadedSnapshot> {
  const build = await buildIndexFor(ctx, companyId);
  ctx.logger.info({ companyId, version, buildMs: build.buildMs }, 'Prediction snapshot loaded');
  return keep(ctx, companyId, version, build);
}

/** Runs `work` for the company unless a build or load is under way, whose result is shared then. */
export function once(ctx: SnapshotContext, companyId: string, work: () => Promise<LoadedSnapshot>): Promise<LoadedSnapshot> {
  const running = ctx.inFlight.get(companyId);
  if (running) return running;
  const started = work().finally(() => ctx.inFlight.delete(companyId));
  ctx.inFlight.set(companyId, started);
  return started;
}
