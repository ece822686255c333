/**
 * Attributed outcomes: a click, purchase or conversion event by person U on item I counts for the
 * recommendations when a prediction call for U served I within ATTRIBUTION_WINDOW_DAYS before the
 * event (the latest such call decides treatment or holdout). Counted into
 * recommendation_outcome_hours by the hour (UTC) of the event:
 *
 * - as events arrive (storeEvents calls recordOutcomes in its transaction with the rows it really
 *   inserted, so a resent event is never counted twice): one indexed read of the batch's people's
 *   calls on (company_id, user_id, created_at) and one upsert per touched hour;
 * - and rebuilt from the raw rows by rebuildOutcomes (the demo seed, tests, or after a gap), in
 *   keyset pages of events ordered by time, so each page's call lookup stays within a narrow window.
 *
 * Calls reach prediction_calls through the call log's one-second flush: an event ingested within
 * that second of the call that served it is counted by the next rebuild only.
 */
import { bindTime, type DatabaseKind, rowsOf } from '../../platform/sql';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import { ATTRIBUTION_WINDOW_DAYS } from '@domain/dashboard/contract';


const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const ATTRIBUTION_WINDOW_MS = ATTRIBUTION_WINDOW_DAYS * DAY_MS;
/** People per call lookup: well under both engines' limits on bound values. */
const LOOKUP_USERS = 500;
/** Events per page of a rebuild. */
const REBUILD_PAGE = 5_000;
const UPSERT_ROWS = 200;

export const CLICK_TYPES: readonly string[] = ['click'];
export const CONVERSION_TYPES: readonly string[] = ['purchase', 'conversion'];
export const isOutcomeType = (type: string | null | undefined): boolean => !!type && (CLICK_TYPES.includes(type) || CONVERSION_TYPES.includes(type));

export interface OutcomeEvent {
  userId: string | null;
  itemId: string | null;
  type: string | null;
  at: Date;
}

interface ServedCall {
  at: number;
  holdout: boolean;
  items: Set<string>;
}

interface HourCounts {
  clicks: number;
  holdoutClicks: number;
  conversions: number;
  holdoutConversions: number;
}

type Row = Record<string, unknown>;

export function timeOf(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.NaN;
}

function servedItems(value: unknown): Set<string> {
  let items: unknown = value;
  if (typeof value === 'string') {
    try {
      items = JSON.parse(value);
    } catch {
      return new Set();
    }
  }
  const ids = new Set<string>();
  if (Array.isArray(items)) for (const item of items) if (item && typeof (item as { id?: unknown }).id === 'string') ids.add((item as { id: string }).id);
  return ids;
}

const asBoolean = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';

/**
 * For each event, whether it is attributed and to which group: 'treatment', 'holdout', or null
 * (not an outcome type, no person or item, or no call served the item in the window before it).
 */
export async function attributeEvents(knex: Knex | Knex.Transaction, kind: DatabaseKind, companyId: string, events: readonly OutcomeEvent[]): Promise<Array<'treatment' | 'holdout' | null>> {
  const answers: Array<'treatment' | 'holdout' | null> = events.map(() => null);
  const candidates = events.map((event, index) => ({ event, index })).filter(({ event }) => isOutcomeType(event.type) && event.userId && event.itemId);
  if (!candidates.length) return answers;
  let earliest = Infinity;
  let latest = -Infinity;
  for (const { event } of candidates) {
    earliest = Math.min(earliest, event.at.getTime());
    latest = Math.max(latest, event.at.getTime());
  }
  const people = [...new Set(candidates.map(({ event }) => event.userId!))];
  const callsOf = new Map<string, ServedCall[]>();
  for (let start = 0; start < people.length; start += LOOKUP_USERS) {
    const chunk = people.slice(start, start + LOOKUP_USERS);
    const rows = rowsOf(
      await knex.raw(
        `select user_id, created_at, holdout, items from prediction_calls
          where company_id = ? and user_id in (${chunk.map(() => '?').join(', ')}) and created_at >= ? and created_at <= ?
            and endpoint = 'predict' and status < 400 and items_served > 0`,
        [companyId, ...chunk, bindTime(kind, earliest - ATTRIBUTION_WINDOW_MS), bindTime(kind, latest)] as Knex.RawBinding[],
      ),
    );
    for (const row of rows) {
      const userId = String(row.user_id);
      let calls = callsOf.get(userId);
      if (!calls) callsOf.set(userId, (calls = []));
      calls.push({ at: timeOf(row.created_at), holdout: asBoolean(row.holdout), items: servedItems(row.items) });
    }
  }
  for (const calls of callsOf.values()) calls.sort((a, b) => b.at - a.at);
  for (const { event, index } of candidates) {
    const at = event.at.getTime();
    const serving = callsOf.get(event.userId!)?.find((call) => call.at <= at && call.at >= at - ATTRIBUTION_WINDOW_MS && call.items.has(event.itemId!));
    if (serving) answers[index] = serving.holdout ? 'holdout' : 'treatment';
  }
  return answers;
}

function countByHour(events: readonly OutcomeEvent[], groups: ReadonlyArray<'treatment' | 'holdout' | null>, into = new Map<number, HourCounts>()): Map<number, HourCounts> {
  events.forEach((event, index) => {
    const group = groups[index];
    if (!group) return;
    const hour = Math.floor(event.at.getTime() / HOUR_MS) * HOUR_MS;
    let counts = into.get(hour);
    if (!counts) into.set(hour, (counts = { clicks: 0, holdoutClicks: 0, conversions: 0, holdoutConversions: 0 }));
    const conversion = CONVERSION_TYPES.includes(event.type!);
    if (group === 'holdout') counts[conversion ? 'holdoutConversions' : 'holdoutClicks']++;
    else counts[conversion ? 'conversions' : 'clicks']++;
  });
  return into;
}

/** Adds counts to the rollup's rows (created when missing). */
async function addToRollup(knex: Knex | Knex.Transaction, kind: DatabaseKind, companyId: string, hours: Map<number, HourCounts>): Promise<void> {
  const entries = [...hours.entries()];
  for (let start = 0; start < entries.length; start += UPSERT_ROWS) {
    const chunk = entries.slice(start, start + UPSERT_ROWS);
    const values: unknown[] = [];
    for (const [hour, counts] of chunk) values.push(randomUUID(), companyId, bindTime(kind, hour), counts.clicks, counts.holdoutClicks, counts.conversions, counts.holdoutConversions);
    await knex.raw(
      `insert into recommendation_outcome_hours (id, company_id, hour, clicks, holdout_clicks, conversions, holdout_conversions)
       values ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
       on conflict (company_id, hour) do update set
         clicks = recommendation_outcome_hours.clicks + excluded.clicks,
         holdout_clicks = recommendation_outcome_hours.holdout_clicks + excluded.holdout_clicks,
         conversions = recommendation_outcome_hours.conversions + excluded.conversions,
         holdout_conversions = recommendation_outcome_hours.holdout_conversions + excluded.holdout_conversions`,
      values as Knex.RawBinding[],
    );
  }
}

/**
 * Counts newly stored events into the rollup; called by the ingestion inside its transaction,
 * with only the rows it inserted.
 */
export async function recordOutcomes(trx: Knex.Transaction, kind: DatabaseKind, companyId: string, events: readonly OutcomeEvent[]): Promise<void> {
  const outcomes = events.filter((event) => isOutcomeType(event.type));
  if (!outcomes.length) return;
  const groups = await attributeEvents(trx, kind, companyId, outcomes);
  const hours = countByHour(outcomes, groups);
  if (hours.size) await addToRollup(trx, kind, companyId, hours);
}

/**
 * Rebuilds a company's rollup from its stored prediction-API events and calls: read in keyset
 * pages ordered by (event_time, id), attributed page by page, then the company's rows replaced in
 * one transaction. Returns the number of attributed events.
 */
export async function rebuildOutcomes(em: EntityManager, kind: DatabaseKind, companyId: string): Promise<number> {
  const knex = (em as SqlEntityManager).getKnex();
  const hours = new Map<number, HourCounts>();
  let attributed = 0;
  let after: { time: number; id: string } | null = null;
  for (;;) {
    const rows: Row[] = rowsOf(
      await knex.raw(
        `select id, user_id, item_id, event_type, event_time from data_records
          where company_id = ? and kind = 'events' and source_type = 'api' and event_time is not null
            and event_type in ('click', 'purchase', 'conversion')
            ${after ? 'and (event_time > ? or (event_time = ? and id > ?))' : ''}
          order by event_time, id limit ${REBUILD_PAGE}`,
        (after ? [companyId, bindTime(kind, after.time), bindTime(kind, after.time), after.id] : [companyId]) as Knex.RawBinding[],
      ),
    );
    if (!rows.length) break;
    const events: OutcomeEvent[] = rows.map((row) => ({
      userId: (row.user_id as string | null) ?? null,
      itemId: (row.item_id as string | null) ?? null,
      type: (row.event_type as string | null) ?? null,
      at: new Date(timeOf(row.event_time)),
    }));
    const groups = await attributeEvents(knex, kind, companyId, events);
    attributed += groups.filter(Boolean).length;
    countByHour(events, groups, hours);
    const last = rows[rows.length - 1]!;
    after = { time: timeOf(last.event_time), id: String(last.id) };
    if (rows.length < REBUILD_PAGE) break;
  }
  await em.fork().transactional(async (tx) => {
    const trx = (tx as SqlEntityManager).getTransactionContext<Knex.Transaction>()!;
    await trx.raw('delete from recommendation_outcome_hours where company_id = ?', [companyId]);
    await addToRollup(trx, kind, companyId, hours);
  });
  return attributed;
}
