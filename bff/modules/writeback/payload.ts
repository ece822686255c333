/**
 * What a Write Back sends for each profile, read from the unified profiles in batches: the
 * identifiers a receiver matches on always (id, user_id and email as before, and `identifiers`:
 * every user id, e-mail, anonymous and visitor id and custom identifier the identity graph holds
 * for the profile, each with its source; identifiers.ts), and per chosen kind of data:
 *
 * - profile: name, account, ltv, risk, lifecycle, categories, coverage, last_seen, attributes;
 * - segments: the categories and the predicted segments;
 * - events: the profile's most recent events (as the side panel lists them, matched by its identities);
 * - predictions: the predicted segments with their confidence, and the churn-risk score.
 */
import type { Knex } from '@mikro-orm/knex';
import type { WritebackData } from '@domain/audience/contract';
import { resultsDialect, type DatabaseKind } from '../../platform/sql';
import { identifiersOf } from './identifiers';
import { recentEventsOf } from './profileEvents';
import { profileRecords, type JsonColumn, type WritebackProfileRecord } from './profileRecords';
import { existingProfileIds, profileRows } from './profileRows';

export { WRITEBACK_RECENT_EVENTS, type WritebackEventRecord } from './profileEvents';
export type { WritebackProfileRecord } from './profileRecords';
export type { ProfileIdentifier, ProfileIdentifiers } from './identifiers';

export const WRITEBACK_EVENT = 'audience.profiles.writeback';

export interface ProfileReader {
  /** Which of `ids` are profiles of the company. */
  existing(companyId: string, ids: readonly string[]): Promise<Set<string>>;
  /** The records of `ids` (at most one batch), in the order of `ids`. */
  records(companyId: string, ids: readonly string[], data: readonly WritebackData[]): Promise<WritebackProfileRecord[]>;
}

/** The profile reads in profileRows.ts and profileEvents.ts, shaped by profileRecords.ts, bound to one database. */
export function createProfileReader(knex: Knex, kind: DatabaseKind): ProfileReader {
  const dialect = resultsDialect(kind);
  const json: JsonColumn = <Value>(value: unknown, fallback: Value): Value => (value === null || value === undefined ? fallback : (dialect.parsedJson<Value>(value) ?? fallback));
  return {
    existing: (companyId, ids) => existingProfileIds(knex, companyId, ids),
    async records(companyId, ids, data) {
      const rows = await profileRows(knex, companyId, ids);
      const identifiers = await identifiersOf(knex, companyId, ids);
      const events = data.includes('events') ? await recentEventsOf(knex, companyId, ids) : null;
      return profileRecords(ids, rows, data, identifiers, events, json);
    },
  };
}
