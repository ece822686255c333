/**
 * The recent events of the profiles of a Write Back batch, matched by their user ids, e-mails and
 * anonymous ids, as the profile side panel reads them.
 */
import type { Knex } from '@mikro-orm/knex';
import { API_SOURCE_NAME } from '../audience';
import { rowsOf, timeOf } from '../../platform/sql';
import { profileIdentities, type Row } from './profileRows';

/** Events per profile, as many as the side panel shows. */
export const WRITEBACK_RECENT_EVENTS = 20;

export interface WritebackEventRecord {
  type: string;
  source: string;
  timestamp: string | null;
}

/** The identifier kinds an event record carries, and how its column compares with a stored identity. */
const EVENT_MATCHERS = [
  { kind: 'user_id', column: 'user_id' },
  // Identities are stored lower-cased; a record's e-mail may keep its original case.
  { kind: 'email', column: 'lower(email)' },
  { kind: 'anonymous_id', column: 'anonymous_id' },
] as const;

interface MatchedEvent {
  id: string;
  type: string;
  time: number | null;
  sourceType: unknown;
  sourceId: unknown;
}

/** A profile's matched events by record id: one record matched by two identifiers of the profile counts once. */
type MatchedEvents = Map<string, Map<string, MatchedEvent>>;

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

/** The profiles holding each value of one identifier kind. */
function ownersOf(identities: readonly Row[], kind: string): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const identity of identities) {
    if (identity.kind !== kind) continue;
    const value = String(identity.value);
    owners.set(value, [...(owners.get(value) ?? []), String(identity.profile_id)]);
  }
  return owners;
}

/** Each profile's newest events per identifier it holds, one query per identifier kind. */
async function matchedEvents(knex: Knex, companyId: string, identities: readonly Row[]): Promise<MatchedEvents> {
  const perProfile: MatchedEvents = new Map();
  for (const { kind, column } of EVENT_MATCHERS) {
    const owners = ownersOf(identities, kind);
    if (!owners.size) continue;
    const values = [...owners.keys()];
    const rows = rowsOf(await knex.raw(eventsSql(column, values.length), [companyId, ...values] as Knex.RawBinding[]));
    for (const row of rows) {
      const event: MatchedEvent = { id: String(row.id), type: String(row.event_type ?? 'event'), time: timeOf(row.event_time), sourceType: row.source_type, sourceId: row.source_id };
      for (const profileId of owners.get(String(row.matched)) ?? []) {
        const events = perProfile.get(profileId) ?? new Map<string, MatchedEvent>();
        events.set(event.id, event);
        perProfile.set(profileId, events);
      }
    }
  }
  return perProfile;
}

/** The names of the data sources the matched events came from. */
async function sourceNamesOf(knex: Knex, perProfile: MatchedEvents): Promise<Map<string, string>> {
  const sourceIds = [...new Set([...perProfile.values()].flatMap((events) => [...events.values()].map((event) => event.sourceId)).filter((id) => id !== null && id !== undefined))];
  const sourceNames = new Map<string, string>();
  if (sourceIds.length) {
    for (const row of (await knex('data_sources').whereIn('id', sourceIds as string[]).select('id', 'name')) as Row[]) sourceNames.set(String(row.id), String(row.name));
  }
  return sourceNames;
}

const newestFirst = (a: MatchedEvent, b: MatchedEvent) => (b.time ?? -Infinity) - (a.time ?? -Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A profile's newest WRITEBACK_RECENT_EVENTS events across all its identifiers, as a delivery carries them. */
function recentEventRecords(events: Map<string, MatchedEvent>, sourceNames: Map<string, string>): WritebackEventRecord[] {
  return [...events.values()]
    .sort(newestFirst)
    .slice(0, WRITEBACK_RECENT_EVENTS)
    .map((event) => ({
      type: event.type,
      source: event.sourceType === 'api' ? API_SOURCE_NAME : (sourceNames.get(String(event.sourceId)) ?? 'Unknown source'),
      timestamp: event.time === null ? null : new Date(event.time).toISOString(),
    }));
}

/** The recent events of each profile of a batch, by profile id (a profile without any is absent). */
export async function recentEventsOf(knex: Knex, companyId: string, ids: readonly string[]): Promise<Map<string, WritebackEventRecord[]>> {
  const identities = await profileIdentities(
    knex,
    companyId,
    ids,
    EVENT_MATCHERS.map((matcher) => matcher.kind),
  );
  const perProfile = await matchedEvents(knex, companyId, identities);
  const sourceNames = await sourceNamesOf(knex, perProfile);
  const result = new Map<string, WritebackEventRecord[]>();
  for (const [profileId, events] of perProfile) result.set(profileId, recentEventRecords(events, sourceNames));
  return result;
}
