/**
 * What a Write Back sends for each profile, read from the unified profiles in batches: the
 * identifiers a receiver matches on (id, user_id, email) always, and per chosen kind of data:
 *
 * - profile: name, account, ltv, risk, lifecycle, categories, coverage, last_seen, attributes;
 * - segments: the categories and the predicted segments;
 * - events: the profile's most recent events (as the side panel lists them, matched by its identities);
 * - predictions: the predicted segments with their confidence, and the churn-risk score.
 */
import type { Knex } from '@mikro-orm/knex';
import { categoriesOfMask } from '@domain/audience/categories';
import { CATEGORY_NAMES, type PredictedSegment, type WritebackData } from '@domain/audience/contract';
import { resultsDialect, type DatabaseKind } from '../../platform/sql';
import { API_SOURCE_NAME, CURRENT_GENERATION_SQL } from '../audience';
import { rowsOf, timeOf } from '../../platform/rawRows';

/** Events per profile, as many as the side panel shows. */
export const WRITEBACK_RECENT_EVENTS = 20;

export const WRITEBACK_EVENT = 'audience.profiles.writeback';

type Row = Record<string, unknown>;

export interface WritebackEventRecord {
  type: string;
  source: string;
  timestamp: string | null;
}

/** One profile in a delivery's body; keys are snake_case like the export's fields. */
export type WritebackProfileRecord = Record<string, unknown> & { id: string; user_id: string | null; email: string | null };

const iso = (value: unknown): string | null => {
  const time = timeOf(value);
  return time === null ? null : new Date(time).toISOString();
};

const PROFILE_COLUMNS = ['id', 'user_id', 'email', 'name', 'account', 'ltv', 'risk', 'risk_score', 'lifecycle', 'category_mask', 'coverage', 'last_seen', 'attributes', 'segments'];

/** The identifier kinds an event record carries, and how its column compares with a stored identity. */
const EVENT_MATCHERS = [
  { kind: 'user_id', column: 'user_id' },
  // Identities are stored lower-cased; a record's e-mail may keep its original case.
  { kind: 'email', column: 'lower(email)' },
  { kind: 'anonymous_id', column: 'anonymous_id' },
] as const;

/**
 * The newest WRITEBACK_RECENT_EVENTS events of each of `values` (one identifier kind): one pass
 * over the company's events, numbered per identifier value, so a profile's newest events are among
 * its identifiers' newest, whatever the size of the history.
 */
function eventsSql(column: string, count: number): string {
  const values = Array.from({ length: count }, () => '?').join(', ');
  return (
    `select matched, id, event_type, event_time, source_type, source_id from (` +
    `select ${column} as matched, id, event_type, event_time, source_type, source_id, ` +
    `row_number() over (partition by ${column} order by case when event_time is null then 1 else 0 end, event_time desc, id) as position ` +
    `from data_records where company_id = ? and kind = 'events' and ${column} in (${values})` +
    `) ranked where position <= ${WRITEBACK_RECENT_EVENTS}`
  );
}

interface MatchedEvent {
  id: string;
  type: string;
  time: number | null;
  sourceType: unknown;
  sourceId: unknown;
}

export interface ProfileReader {
  /** Which of `ids` are profiles of the company. */
  existing(companyId: string, ids: readonly string[]): Promise<Set<string>>;
  /** The records of `ids` (at most one batch), in the order of `ids`. */
  records(companyId: string, ids: readonly string[], data: readonly WritebackData[]): Promise<WritebackProfileRecord[]>;
}

export function createProfileReader(knex: Knex, kind: DatabaseKind): ProfileReader {
  const dialect = resultsDialect(kind);
  const parsed = <Value>(value: unknown, fallback: Value): Value => (value === null || value === undefined ? fallback : (dialect.parsedJson<Value>(value) ?? fallback));
  /** The company's current generation of profiles and identities (a rebuild writes the next one beside it). */
  const current = (companyId: string) => knex.raw(CURRENT_GENERATION_SQL, [companyId]);

  /** The recent events of each profile of a batch: by its user ids, e-mails and anonymous ids, as the side panel reads them. */
  async function eventsOf(companyId: string, ids: readonly string[]): Promise<Map<string, WritebackEventRecord[]>> {
    const identities = (await knex('audience_identities')
      .where('company_id', companyId)
      .where('generation', current(companyId))
      .whereIn('profile_id', [...ids])
      .whereIn(
        'kind',
        EVENT_MATCHERS.map((matcher) => matcher.kind),
      )
      .select('profile_id', 'kind', 'value')) as Row[];
    const perProfile = new Map<string, Map<string, MatchedEvent>>();
    for (const { kind, column } of EVENT_MATCHERS) {
      const owners = new Map<string, string[]>();
      for (const identity of identities) {
        if (identity.kind !== kind) continue;
        const value = String(identity.value);
        owners.set(value, [...(owners.get(value) ?? []), String(identity.profile_id)]);
      }
      if (!owners.size) continue;
      const values = [...owners.keys()];
      const rows = rowsOf(await knex.raw(eventsSql(column, values.length), [companyId, ...values] as Knex.RawBinding[]));
      for (const row of rows) {
        const event: MatchedEvent = { id: String(row.id), type: String(row.event_type ?? 'event'), time: timeOf(row.event_time), sourceType: row.source_type, sourceId: row.source_id };
        for (const profileId of owners.get(String(row.matched)) ?? []) {
          const events = perProfile.get(profileId) ?? new Map<string, MatchedEvent>();
          // One record matched by two identifiers of the profile counts once.
          events.set(event.id, event);
          perProfile.set(profileId, events);
        }
      }
    }
    const sourceIds = [...new Set([...perProfile.values()].flatMap((events) => [...events.values()].map((event) => event.sourceId)).filter((id) => id !== null && id !== undefined))];
    const sourceNames = new Map<string, string>();
    if (sourceIds.length) {
      for (const row of (await knex('data_sources').whereIn('id', sourceIds as string[]).select('id', 'name')) as Row[]) sourceNames.set(String(row.id), String(row.name));
    }
    const newestFirst = (a: MatchedEvent, b: MatchedEvent) => (b.time ?? -Infinity) - (a.time ?? -Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const result = new Map<string, WritebackEventRecord[]>();
    for (const [profileId, events] of perProfile) {
      result.set(
        profileId,
        [...events.values()]
          .sort(newestFirst)
          .slice(0, WRITEBACK_RECENT_EVENTS)
          .map((event) => ({
            type: event.type,
            source: event.sourceType === 'api' ? API_SOURCE_NAME : (sourceNames.get(String(event.sourceId)) ?? 'Unknown source'),
            timestamp: event.time === null ? null : new Date(event.time).toISOString(),
          })),
      );
    }
    return result;
  }

  return {
    async existing(companyId, ids) {
      const found = new Set<string>();
      // In slices, well under every dialect's limit of bound parameters.
      for (let start = 0; start < ids.length; start += 1_000) {
        const rows = (await knex('audience_profiles').where('company_id', companyId).where('generation', current(companyId)).whereIn('id', ids.slice(start, start + 1_000)).select('id')) as Row[];
        for (const row of rows) found.add(String(row.id));
      }
      return found;
    },

    async records(companyId, ids, data) {
      const rows = (await knex('audience_profiles').where('company_id', companyId).where('generation', current(companyId)).whereIn('id', [...ids]).select(PROFILE_COLUMNS)) as Row[];
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      const events = data.includes('events') ? await eventsOf(companyId, ids) : null;
      const records: WritebackProfileRecord[] = [];
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) continue;
        const categories = categoriesOfMask(Number(row.category_mask));
        const segments = parsed<PredictedSegment[]>(row.segments, []);
        const record: WritebackProfileRecord = { id, user_id: (row.user_id as string | null) ?? null, email: (row.email as string | null) ?? null };
        if (data.includes('profile')) {
          Object.assign(record, {
            name: (row.name as string | null) ?? null,
            account: (row.account as string | null) ?? null,
            ltv: Number(row.ltv),
            risk: row.risk,
            lifecycle: row.lifecycle,
            categories,
            coverage: Number(row.coverage),
            last_seen: iso(row.last_seen),
            attributes: parsed<Record<string, string | number | boolean>>(row.attributes, {}),
          });
        }
        if (data.includes('segments')) {
          record.segments = {
            categories: categories.map((category) => ({ id: category, name: CATEGORY_NAMES[category] })),
            predicted: segments.map((segment) => ({ id: segment.id, name: segment.name })),
          };
        }
        if (data.includes('events')) record.events = events?.get(id) ?? [];
        if (data.includes('predictions')) {
          record.predictions = {
            risk_score: Number(row.risk_score),
            segments: segments.map((segment) => ({ id: segment.id, name: segment.name, confidence: segment.confidence, because: segment.because })),
          };
        }
        records.push(record);
      }
      return records;
    },
  };
}
