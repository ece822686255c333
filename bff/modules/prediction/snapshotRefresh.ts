/**
 * Keeping loaded snapshots fresh: the refresher's pass (rebuild a company whose records changed
 * after its watermark) and the replicas' poll (load a newer version published elsewhere, and the
 * snapshots of companies served elsewhere).
 */
import { DataRecord } from '../../entities';
import { load, once } from './snapshotCache';
import type { SnapshotContext } from './snapshotContext';
import { publish } from './snapshotVersions';

/** Every loaded company whose records changed after its watermark gets a new version. Returns the companies rebuilt. */
export async function refreshSnapshots(ctx: SnapshotContext): Promise<string[]> {
  const rebuilt: string[] = [];
  for (const snapshot of [...ctx.loaded.values()]) {
    if (ctx.inFlight.has(snapshot.companyId)) continue;
    const em = ctx.fork();
    const where = { companyId: snapshot.companyId, kind: { $in: ['items', 'events'] as Array<'items' | 'events'> } };
    // One indexed probe (company_id, updated_at): is there anything at all after the watermark?
    const newer = await em.findOne(DataRecord, snapshot.watermark === null ? where : { ...where, updatedAt: { $gt: new Date(snapshot.watermark) } }, { fields: ['id'] });
    if (!newer) continue;
    try {
      await once(ctx, snapshot.companyId, () => publish(ctx, snapshot.companyId));
      rebuilt.push(snapshot.companyId);
    } catch {
      // Logged by publish; the company keeps answering from its previous snapshot.
    }
  }
  return rebuilt;
}

/**
 * How recently a company must have been served (by any replica) for this one to hold its snapshot
 * before its first call here: a process that starts, or a company another process began serving,
 * would otherwise make its first callers wait for a whole local build.
 */
export const WARM_WINDOW_MS = 24 * 3_600_000;

/**
 * The newest ready version of each company this replica holds, and of each company any replica
 * served within WARM_WINDOW_MS (the call minutes every replica writes), so a new process loads them
 * in the background instead of on its first call.
 */
async function newestVersions(ctx: SnapshotContext): Promise<Map<string, number>> {
  const loadedIds = [...ctx.loaded.keys()];
  const held = loadedIds.length ? `s.company_id in (${loadedIds.map(() => '?').join(', ')}) or ` : '';
  const rows = (await ctx
    .fork()
    .getConnection()
    .execute(
      `select s.company_id, max(s.version) as version from prediction_snapshots s
       where s.status = 'ready' and (${held}exists (select 1 from prediction_call_minutes m where m.company_id = s.company_id and m.minute >= ?))
       group by s.company_id`,
      [...loadedIds, new Date(ctx.now().getTime() - WARM_WINDOW_MS)],
      'all',
    )) as Array<{ company_id: string; version: number | string }>;
  return new Map(rows.map((row) => [row.company_id, Number(row.version)]));
}

/** A newer ready version published elsewhere, or a company served elsewhere, is loaded here, one at a time. Returns the companies loaded. */
export async function pollSnapshots(ctx: SnapshotContext): Promise<string[]> {
  const { loaded, inFlight } = ctx;
  const updated: string[] = [];
  for (const [companyId, version] of await newestVersions(ctx)) {
    if (inFlight.has(companyId) || version <= (loaded.get(companyId)?.version ?? 0)) continue;
    try {
      await once(ctx, companyId, () => load(ctx, companyId, version));
      updated.push(companyId);
    } catch (failure) {
      ctx.logger.error({ companyId, version, err: failure }, 'Could not load the prediction snapshot');
    }
  }
  return updated;
}
