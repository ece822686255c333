/**
 * The versions in prediction_snapshots: claiming the next one (one builder per company across
 * replicas), the latest ready one, and publishing a build as ready (or failed), with the history
 * kept short.
 */
import { PredictionSnapshot } from '../../entities';
import { buildIndexFor } from './snapshotBuild';
import { keep, load } from './snapshotCache';
import type { LoadedSnapshot, SnapshotContext } from './snapshotContext';

/** A claimed build older than this is taken for abandoned (its replica stopped mid-build). */
export const BUILD_TIMEOUT_MS = 10 * 60_000;
/** Versions kept in prediction_snapshots per company. */
const SNAPSHOT_HISTORY = 200;

/** Claims the next version for this replica, or null when another builder holds the company. */
async function claimVersion(ctx: SnapshotContext, companyId: string): Promise<number | null> {
  const { now } = ctx;
  return ctx.fork().transactional(async (tx) => {
    if (ctx.kind === 'postgresql') {
      const rows = await tx
        .getConnection()
        .execute<Array<{ locked: boolean }>>('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [`navout:snapshot:${companyId}`], 'all', tx.getTransactionContext());
      if (!rows[0]?.locked) return null;
    }
    const building = await tx.findOne(PredictionSnapshot, { companyId, status: 'building', createdAt: { $gt: new Date(now().getTime() - BUILD_TIMEOUT_MS) } });
    if (building) return null;
    const last = await tx.findOne(PredictionSnapshot, { companyId }, { orderBy: { version: 'desc' } });
    const row = tx.create(PredictionSnapshot, { companyId, version: (last?.version ?? 0) + 1, status: 'building', itemCount: 0, eventCount: 0 });
    await tx.flush();
    return row.version;
  });
}

/** The company's newest ready version, 0 when it has none. */
export async function latestReady(ctx: SnapshotContext, companyId: string): Promise<number> {
  const row = await ctx.fork().findOne(PredictionSnapshot, { companyId, status: 'ready' }, { orderBy: { version: 'desc' }, fields: ['version'] });
  return row?.version ?? 0;
}

/**
 * Builds a new version (when this replica may) and records it. When another replica holds the
 * build, this one keeps what it has if that is the latest ready version (the poll loads the new
 * one once it is published), and otherwise builds the latest ready one locally.
 */
export async function publish(ctx: SnapshotContext, companyId: string): Promise<LoadedSnapshot> {
  const { fork, logger } = ctx;
  const version = await claimVersion(ctx, companyId);
  if (version === null) {
    const ready = await latestReady(ctx, companyId);
    const current = ctx.loaded.get(companyId);
    if (current && current.version >= ready) return current;
    return load(ctx, companyId, ready);
  }
  try {
    const build = await buildIndexFor(ctx, companyId, version);
    await fork().nativeUpdate(
      PredictionSnapshot,
      { companyId, version },
      { status: 'ready', itemCount: build.itemCount, eventCount: build.eventCount, buildMs: build.buildMs, watermark: build.watermark === null ? null : new Date(build.watermark) },
    );
    // The history keeps the last versions only: a busy company publishes one every refresh.
    await fork().nativeDelete(PredictionSnapshot, { companyId, version: { $lt: version - SNAPSHOT_HISTORY } });
    logger.info({ companyId, version, items: build.itemCount, events: build.eventCount, buildMs: build.buildMs }, 'Prediction snapshot ready');
    return keep(ctx, companyId, version, build);
  } catch (failure) {
    const message = failure instanceof Error ? failure.message : String(failure);
    await fork().nativeUpdate(PredictionSnapshot, { companyId, version }, { status: 'failed', error: message.slice(0, 2000) });
    logger.error({ companyId, version, err: failure }, 'Prediction snapshot failed');
    throw failure;
  }
}
