/**
 * The recent window of a company's records that the model screen's offline evaluation scores.
 * Rows are converted by the prediction runtime's own readers (bff/modules/prediction/
 * snapshotInput.ts), so the evaluation sees the same items and events as the served index.
 */
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import type { Orm } from '../../db';
import type { CatalogueItem, Interaction, SnapshotInput } from '../prediction/engine/types';
import { catalogueItemOf, interactionOf, timeOf, type Row, type RowQuery } from '../prediction/snapshotInput';

type DatabaseKind = 'sqlite' | 'postgresql';

/** One read with `?` placeholders on the ORM's connection, as plain rows on both engines. */
export function rowQueryOf(orm: Orm): RowQuery {
  const knex: Knex = (orm.em as SqlEntityManager).getKnex();
  return async (sql, params) => {
    const result: unknown = await knex.raw(sql, params as Knex.RawBinding[]);
    return Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);
  };
}

/** How an instant is bound: MikroORM keeps SQLite datetimes as epoch milliseconds. */
const timeParamOf = (kind: DatabaseKind) => (ms: number) => (kind === 'sqlite' ? ms : new Date(ms));

const PAGE_ROWS = 5_000;

/**
 * The company's catalogue and its newest events since `since` (at most `maxEvents`), oldest
 * first: what an offline evaluation trains on and holds out from.
 */
export async function loadRecentInput(
  orm: Orm,
  kind: DatabaseKind,
  companyId: string,
  options: { now: number; since: number; maxEvents: number },
): Promise<SnapshotInput> {
  const query = rowQueryOf(orm);
  const timeParam = timeParamOf(kind);

  const newest = new Map<string, { updated: number; item: CatalogueItem }>();
  let after = '';
  for (;;) {
    const rows = await query(
      `select id, item_id, record_key, data, unified, updated_at from data_records where company_id = ? and kind = 'items' and id > ? order by id limit ${PAGE_ROWS}`,
      [companyId, after],
    );
    for (const row of rows) {
      const itemId = typeof row.item_id === 'string' && row.item_id ? row.item_id : typeof row.record_key === 'string' ? row.record_key : null;
      if (!itemId) continue;
      const updated = timeOf(row.updated_at) ?? 0;
      const previous = newest.get(itemId);
      if (previous && previous.updated > updated) continue;
      newest.set(itemId, { updated, item: catalogueItemOf(itemId, row.data, row.unified) });
    }
    if (rows.length < PAGE_ROWS) break;
    after = String(rows[rows.length - 1]!.id);
  }

  const rows = await query(
    'select user_id, item_id, event_type, event_time, data, unified from data_records ' +
      "where company_id = ? and kind = 'events' and event_time >= ? and user_id is not null and item_id is not null " +
      `order by event_time desc, id desc limit ${Math.max(1, Math.floor(options.maxEvents))}`,
    [companyId, timeParam(options.since)],
  );
  const events = rows.map(interactionOf).filter((event): event is Interaction => event !== null);
  events.sort((a, b) => a.at - b.at || compare(a.userId, b.userId) || compare(a.itemId, b.itemId) || compare(a.type, b.type));

  const items = [...newest.values()].map((entry) => entry.item).sort((a, b) => compare(a.id, b.id));
  return { items, events, impressions: {}, now: options.now };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
