/**
 * This replica's snapshots in memory: keeping a built version (never over a newer one), loading a
 * version another process published (from its shared file when it is on this machine), and one
 * build or load at a time per company.
 */
import { PredictionSnapshot } from '../../entities';
import { buildIndexFor, readSharedIndex, type BuildResult } from './snapshotBuild';
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

/**
 * Takes in what another process published as `version`: the very index it built, from the file it
 * shared on this machine, or else a local build of the company's records.
 */
export async function load(ctx: SnapshotContext, companyId: string, version: number): Promise<LoadedSnapshot> {
  const row = await ctx.fork().findOne(PredictionSnapshot, { companyId, version, status: 'ready' }, { fields: ['itemCount', 'eventCount', 'buildMs', 'watermark'] });
  const shared = row?.buildMs != null ? await readSharedIndex(ctx, { companyId, version, itemCount: row.itemCount, eventCount: row.eventCount, buildMs: row.buildMs, watermark: row.watermark?.getTime() ?? null }) : null;
  if (shared) {
    ctx.logger.info({ companyId, version, readMs: shared.buildMs }, 'Prediction snapshot loaded from its shared file');
    return keep(ctx, companyId, version, shared);
  }
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
