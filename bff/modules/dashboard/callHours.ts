/**
 * Call figures per bucket for the dashboard: the minute rollup summed by the hour for hours that
 * are over (dashboard_call_hours), plus the minutes after the company's mark, so a 90-day range
 * reads about 2,200 hour rows instead of 130,000 minute rows.
 *
 * An hour is sealed once SEAL_DELAY_MS has passed since its end: the call log writes a minute's
 * totals within a second (FLUSH_INTERVAL_MS), so by then every replica's rows for it are in. The
 * hours are summed from the minutes on demand, when a dashboard asks and the mark is behind: the
 * first time for a company over all its history, then an hour or so at a time. A minute row written
 * later than that (a replica cut off from the database for longer) is not in its sealed hour until
 * rebuildCallHours runs for the company. "All Companies" reads the minutes directly.
 *
 * The sums are read through the request's budgeted reads (reads.ts); sealing writes, so it runs
 * on the server's own connection, before them.
 */
import type { Knex } from '@mikro-orm/knex';
import { bindTime, type DatabaseKind, rowsOf } from '../../platform/sql';
import { timeOf } from '../prediction';
import type { Read } from './reads';

const HOUR_MS = 3_600_000;
export const SEAL_DELAY_MS = 15 * 60_000;

export interface CallTotals {
  calls: number;
  items: number;
  latency: number;
  timed: number;
}

export interface BucketBounds {
  /** `case … end` over `column`, with its bound values, as the service builds it. */
  caseOf: (column: string) => { sql: string; params: unknown[] };
  start: number;
  end: number;
}

const toNumber = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** Sums the company's minutes into hours up to the last sealed hour; answers where the hours end. */
export async function sealCallHours(knex: Knex, kind: DatabaseKind, companyId: string, now: number): Promise<number> {
  const target = Math.floor((now - SEAL_DELAY_MS) / HOUR_MS) * HOUR_MS;
  const marks = rowsOf(await knex.raw('select sealed_until from dashboard_call_marks where company_id = ?', [companyId]));
  const from = marks.length ? timeOf(marks[0]!.sealed_until) : null;
  if (from !== null && from >= target) return from;
  // UTC hours whatever the session's time zone.
  const hour = kind === 'postgresql' ? "date_trunc('hour', minute at time zone 'UTC') at time zone 'UTC'" : `(minute / ${HOUR_MS}) * ${HOUR_MS}`;
  const newId = kind === 'postgresql' ? 'gen_random_uuid()::text' : 'lower(hex(randomblob(16)))';
  await knex.transaction(async (trx) => {
    await trx.raw(
      `insert into dashboard_call_hours (id, company_id, hour, calls, items_served, latency_total_ms, timed_calls)
       select ${newId}, company_id, hour, calls, items, latency, timed from (
         select company_id, ${hour} as hour, sum(calls) as calls, sum(items_served) as items,
                coalesce(sum(latency_total_ms), 0) as latency, sum(case when latency_total_ms is not null then calls else 0 end) as timed
           from prediction_call_minutes
          where company_id = ?${from !== null ? ' and minute >= ?' : ''} and minute < ?
          group by company_id, ${hour}) as summed
        where true
       on conflict (company_id, hour) do update set calls = excluded.calls, items_served = excluded.items_served,
         latency_total_ms = excluded.latency_total_ms, timed_calls = excluded.timed_calls`,
      [companyId, ...(from !== null ? [bindTime(kind, from)] : []), bindTime(kind, target)] as Knex.RawBinding[],
    );
    await trx.raw(
      'insert into dashboard_call_marks (company_id, sealed_until) values (?, ?) on conflict (company_id) do update set sealed_until = excluded.sealed_until',
      [companyId, bindTime(kind, target)] as Knex.RawBinding[],
    );
  });
  return target;
}

/** Forgets a company's hours, so the next dashboard read sums them again from the minutes (after a backfill of minutes). */
export async function rebuildCallHours(knex: Knex, companyId: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('delete from dashboard_call_hours where company_id = ?', [companyId]);
    await trx.raw('delete from dashboard_call_marks where company_id = ?', [companyId]);
  });
}

/** Calls, items, latency sums and timed calls per bucket index (-1: the comparison period). */
export async function callTotalsByBucket(knex: Knex, read: Read, kind: DatabaseKind, companyId: string | null, bounds: BucketBounds, now: number): Promise<Map<number, CallTotals>> {
  const totals = new Map<number, CallTotals>();
  const add = (rows: Array<Record<string, unknown>>) => {
    for (const row of rows) {
      const bucket = Number(row.bucket);
      const current = totals.get(bucket) ?? { calls: 0, items: 0, latency: 0, timed: 0 };
      current.calls += toNumber(row.calls);
      current.items += toNumber(row.items);
      current.latency += toNumber(row.latency);
      current.timed += toNumber(row.timed);
      totals.set(bucket, current);
    }
  };
  const company = companyId ? ' and company_id = ?' : '';
  const companyParams = companyId ? [companyId] : [];
  let minutesFrom = bounds.start;
  if (companyId) {
    const sealed = await sealCallHours(knex, kind, companyId, now);
    const hoursEnd = Math.min(sealed, bounds.end);
    if (hoursEnd > bounds.start) {
      const hourCase = bounds.caseOf('hour');
      add(
        await read(
          `select ${hourCase.sql} as bucket, sum(calls) as calls, sum(items_served) as items, sum(latency_total_ms) as latency, sum(timed_calls) as timed
             from dashboard_call_hours where hour >= ? and hour < ?${company} group by 1`,
          [...hourCase.params, bindTime(kind, bounds.start), bindTime(kind, hoursEnd), ...companyParams],
        ),
      );
      minutesFrom = Math.max(bounds.start, hoursEnd);
    }
  }
  if (minutesFrom < bounds.end) {
    const minuteCase = bounds.caseOf('minute');
    add(
      await read(
        `select ${minuteCase.sql} as bucket, sum(calls) as calls, sum(items_served) as items,
                sum(latency_total_ms) as latency, sum(case when latency_total_ms is not null then calls else 0 end) as timed
           from prediction_call_minutes where minute >= ? and minute < ?${company} group by 1`,
        [...minuteCase.params, bindTime(kind, minutesFrom), bindTime(kind, bounds.end), ...companyParams],
      ),
    );
  }
  return totals;
}
