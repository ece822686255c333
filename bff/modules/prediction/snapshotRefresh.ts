/**
 * Keeping loaded snapshots fresh: the refresher's pass (rebuild a company whose records changed
 * after its watermark) and the replicas' poll (load a newer version published elsewhere).
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
    const em = ctx.orm.em.fork();
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

/** A newer ready version published elsewhere is loaded here. Returns the companies loaded. */
export async function pollSnapshots(ctx: SnapshotContext): Promise<string[]> {
  const { loaded, inFlight } = ctx;
  const companies = [...loaded.keys()].filter((companyId) => !inFlight.has(companyId));
  if (!companies.length) return [];
  const rows = (await ctx.orm.em
    .fork()
    .getConnection()
    .execute(
      `select company_id, max(version) as version from prediction_snapshots where status = 'ready' and company_id in (${companies.map(() => '?').join(', ')}) group by company_id`,
      companies,
      'all',
    )) as Array<{ company_id: string; version: number | string }>;
  const newest = new Map(rows.map((row) => [row.company_id, Number(row.version)]));
  const updated: string[] = [];
  for (const [companyId, version] of newest) {
    if (version <= (loaded.get(companyId)?.version ?? 0)) continue;
    try {
      await once(ctx, companyId, () => load(ctx, companyId, version));
      updated.push(companyId);
    } catch (failure) {
      ctx.logger.error({ companyId, version, err: failure }, 'Could not load the prediction snapshot');
    }
  }
  return updated;
}
