/**
 * The reads of the unified profiles a Write Back sends: always of the company's current generation
 * of profiles and identities (a rebuild writes the next one beside it).
 */
import type { Knex } from '@mikro-orm/knex';
import { currentGenerationOf } from '../audience';

export type Row = Record<string, unknown>;

const PROFILE_COLUMNS = ['id', 'user_id', 'email', 'name', 'account', 'ltv', 'risk', 'risk_score', 'lifecycle', 'category_mask', 'coverage', 'last_seen', 'attributes', 'segments'];

/** Ids per query when checking a selection, well under every dialect's limit of bound parameters. */
const EXISTING_SLICE = 1_000;

/** Which of `ids` are profiles of the company. */
export async function existingProfileIds(knex: Knex, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += EXISTING_SLICE) {
    const rows = (await knex('audience_profiles')
      .where('company_id', companyId)
      .where('generation', currentGenerationOf(knex, companyId))
      .whereIn('id', ids.slice(start, start + EXISTING_SLICE))
      .select('id')) as Row[];
    for (const row of rows) found.add(String(row.id));
  }
  return found;
}

/** The profile rows of `ids` (at most one batch), in no particular order. */
export async function profileRows(knex: Knex, companyId: string, ids: readonly string[]): Promise<Row[]> {
  return (await knex('audience_profiles').where('company_id', companyId).where('generation', currentGenerationOf(knex, companyId)).whereIn('id', [...ids]).select(PROFILE_COLUMNS)) as Row[];
}

/** The identities of `kinds` that the profiles `ids` hold. */
export async function profileIdentities(knex: Knex, companyId: string, ids: readonly string[], kinds: readonly string[]): Promise<Row[]> {
  return (await knex('audience_identities')
    .where('company_id', companyId)
    .where('generation', currentGenerationOf(knex, companyId))
    .whereIn('profile_id', [...ids])
    .whereIn('kind', [...kinds])
    .select('profile_id', 'kind', 'value')) as Row[];
}
