/**
 * Every identifier the identity graph holds for the profiles of a Write Back batch, as a delivery
 * carries them: a receiver matches a profile on any of them, whichever its own system keys people
 * by. The graph keeps each identifier once per profile (audience_identities), with the source it
 * was first seen in; a source is named as the build names it (a data source's name, "Survey: …",
 * "Prediction API"), and a data source's id is given when that name is one data source's of the
 * company.
 */
import type { Knex } from '@mikro-orm/knex';
import { API_SOURCE_NAME, currentGenerationOf } from '../audience';
import type { Row } from './profileRows';

/** Where the build says a response's identifiers come from: `Survey: <survey name>`. */
const SURVEY_SOURCE_PREFIX = 'Survey: ';

export type IdentifierSourceType = 'data_source' | 'survey' | 'prediction_api' | 'unknown';

export interface ProfileIdentifier {
  /** user_id, email, anonymous_id, visitor_id, or a survey's custom identifier field by its name. */
  type: string;
  value: string;
  /** The source the identifier was first seen in, as the profile's sources are named. */
  sourceName: string;
  sourceType: IdentifierSourceType;
  /** The data source's id, when sourceName is one data source's of the company; else null. */
  sourceId: string | null;
}

export interface ProfileIdentifiers {
  userIds: string[];
  /** Lower-cased, as the graph compares them. */
  emails: string[];
  /** Every anonymous id, a survey visitor's id included. */
  anonymousIds: string[];
  /** The anonymous ids first seen on a survey response: the survey widget's visitor ids. */
  visitorIds: string[];
  /** A survey's custom identifier fields: field name → values. */
  custom: Record<string, string[]>;
  /** Each identifier with the source it was first seen in. */
  bySource: ProfileIdentifier[];
}

export const noIdentifiers = (): ProfileIdentifiers => ({ userIds: [], emails: [], anonymousIds: [], visitorIds: [], custom: {}, bySource: [] });

/** Ids per query, well under every dialect's limit of bound parameters. */
const SLICE = 1_000;

function sourceTypeOf(name: string, sourceId: string | null): IdentifierSourceType {
  if (sourceId !== null) return 'data_source';
  if (name.startsWith(SURVEY_SOURCE_PREFIX)) return 'survey';
  if (name === API_SOURCE_NAME) return 'prediction_api';
  return 'unknown';
}

/** The company's data sources by name: a name that two sources share names neither. */
async function sourceIdsByName(knex: Knex, companyId: string): Promise<Map<string, string | null>> {
  const byName = new Map<string, string | null>();
  for (const row of (await knex('data_sources').where('company_id', companyId).select('id', 'name')) as Row[]) {
    const name = String(row.name);
    byName.set(name, byName.has(name) ? null : String(row.id));
  }
  return byName;
}

/** Adds one identity row to its profile's identifiers. */
function addIdentifier(identifiers: ProfileIdentifiers, row: Row, sourceIds: Map<string, string | null>): void {
  const kind = String(row.kind);
  const value = String(row.value);
  const sourceName = String(row.source ?? '');
  const sourceId = sourceIds.get(sourceName) ?? null;
  const sourceType = sourceTypeOf(sourceName, sourceId);
  let type = kind;
  if (kind === 'user_id') identifiers.userIds.push(value);
  else if (kind === 'email') identifiers.emails.push(value);
  else if (kind === 'anonymous_id') {
    identifiers.anonymousIds.push(value);
    if (sourceType === 'survey') {
      identifiers.visitorIds.push(value);
      type = 'visitor_id';
    }
  } else (identifiers.custom[kind] ??= []).push(value);
  identifiers.bySource.push({ type, value, sourceName, sourceType, sourceId });
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Kind, then value, by code unit: the same order on every engine whatever its collation. */
const byKindAndValue = (a: Row, b: Row) => compare(String(a.kind), String(b.kind)) || compare(String(a.value), String(b.value));

/** The identifiers of each of `ids` in the company's current generation (a profile without any is absent), by kind, then value. */
export async function identifiersOf(knex: Knex, companyId: string, ids: readonly string[]): Promise<Map<string, ProfileIdentifiers>> {
  const sourceIds = await sourceIdsByName(knex, companyId);
  const result = new Map<string, ProfileIdentifiers>();
  for (let start = 0; start < ids.length; start += SLICE) {
    const rows = (await knex('audience_identities')
      .where('company_id', companyId)
      .where('generation', currentGenerationOf(knex, companyId))
      .whereIn('profile_id', ids.slice(start, start + SLICE))
      .select('profile_id', 'kind', 'value', 'source')) as Row[];
    rows.sort(byKindAndValue);
    for (const row of rows) {
      const profileId = String(row.profile_id);
      let identifiers = result.get(profileId);
      if (!identifiers) result.set(profileId, (identifiers = noIdentifiers()));
      addIdentifier(identifiers, row, sourceIds);
    }
  }
  return result;
}
