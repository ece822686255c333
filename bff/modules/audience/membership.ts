/**
 * Whether an identified visitor belongs to a survey's target audience: the widget's yes/no
 * question (POST /api/public/surveys/:id/audience-membership). Reads the stored profiles only;
 * nothing of the profile leaves this file but the answer.
 *
 * The visitor's identifiers are normalised exactly as the profile build normalises a survey
 * response's (keyedIdentifiers: the company's identifier field names, e-mails lower-cased,
 * placeholders dropped), then looked up in audience_identities of the company's current build
 * generation (a rebuild in progress is not seen half written). The strongest identifier found
 * (user id, e-mail, custom field, anonymous id: the identity graph's anchor order) names the
 * profile. A category is its bit in category_mask; a saved view is its filters, search and category
 * applied to that one profile (the same condition as the page's lists). An unknown visitor, an
 * unusable identifier or a view deleted since the survey was targeted answers false: fail closed.
 */
import type { Knex } from '@mikro-orm/knex';
import { CATEGORY_IDS, LIFECYCLE_STAGES, RECENCY_DAYS, RISK_LEVELS, SOURCE_KINDS, type AudienceFilters, type CategoryId } from '@domain/audience/contract';
import { categoryBit } from '@domain/audience/categories';
import { keyedIdentifiers, orderedForAnchor, type IdentifierFieldNames } from '@domain/audience/identity';
import type { AudienceTargeting } from '@domain/survey/types';
import type { Orm } from '../../types';
import { type DatabaseKind, knexOf, resultsDialect, rowsOf } from '../../platform/sql';
import { currentGeneration } from './build';
import { audienceCondition } from './filters';

export interface MembershipQuestion {
  companyId: string;
  targeting: AudienceTargeting;
  /** Field name → value, as the widget read them from the page. */
  identifiers: Record<string, string>;
  /** The company's e-mail and user-id field names (its global identifier settings). */
  fields: IdentifierFieldNames;
}

const listOf = <T>(value: unknown, allowed: readonly T[]): T[] => (Array.isArray(value) ? value.filter((item): item is T => allowed.includes(item as T)) : []);

/** A stored view's filters, keeping only what the filters allow: a view is read, never trusted to be well-formed. */
function filtersOf(stored: unknown): AudienceFilters {
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return {
    dataSource: listOf(raw.dataSource, SOURCE_KINDS),
    lifecycle: listOf(raw.lifecycle, LIFECYCLE_STAGES),
    risk: listOf(raw.risk, RISK_LEVELS),
    recency: listOf(raw.recency, RECENCY_DAYS),
  };
}

export function createAudienceMembership(orm: Orm, kind: DatabaseKind, now: () => Date) {
  const knex = knexOf(orm);
  const dialect = resultsDialect(kind);
  const query = async (sql: string, params: unknown[]) => rowsOf(await knex.raw(sql, params as Knex.RawBinding[]));

  /** The visitor's profile id, or null when none of the identifiers is known. */
  async function profileOf(companyId: string, generation: number, given: Record<string, string>, fields: IdentifierFieldNames): Promise<string | null> {
    const identifiers = orderedForAnchor(keyedIdentifiers(given, fields));
    if (!identifiers.length) return null;
    const rows = await query(
      `select kind, value, profile_id from audience_identities where company_id = ? and generation = ? and (${identifiers.map(() => '(kind = ? and value = ?)').join(' or ')})`,
      [companyId, generation, ...identifiers.flatMap((identifier) => [identifier.kind, identifier.value])],
    );
    for (const identifier of identifiers) {
      const row = rows.find((candidate) => candidate.kind === identifier.kind && candidate.value === identifier.value);
      if (row) return String(row.profile_id);
    }
    return null;
  }

  async function inCategory(companyId: string, generation: number, profileId: string, categoryId: string): Promise<boolean> {
    if (!(CATEGORY_IDS as readonly string[]).includes(categoryId)) return false;
    const rows = await query('select 1 as found from audience_profiles where company_id = ? and generation = ? and id = ? and (category_mask & ?) <> 0', [
      companyId,
      generation,
      profileId,
      categoryBit(categoryId as CategoryId),
    ]);
    return rows.length > 0;
  }

  async function inView(companyId: string, generation: number, profileId: string, viewId: string): Promise<boolean> {
    const view = (await query('select filters, search, category_id from audience_views where company_id = ? and id = ?', [companyId, viewId]))[0];
    if (!view) return false;
    let filters: AudienceFilters;
    try {
      filters = filtersOf(view.filters === null || view.filters === undefined ? null : dialect.parsedJson<unknown>(view.filters));
    } catch {
      // Unreadable filters would widen the view to everyone: no one is in it instead.
      return false;
    }
    const categoryId = (CATEGORY_IDS as readonly unknown[]).includes(view.category_id) ? (view.category_id as CategoryId) : null;
    const condition = audienceCondition(kind, now(), companyId, { ...filters, search: typeof view.search === 'string' ? view.search : '' }, categoryId);
    const rows = await query(`select 1 as found from audience_profiles where ${condition.sql} and generation = ? and id = ?`, [...condition.params, generation, profileId]);
    return rows.length > 0;
  }

  return {
    async isMember({ companyId, targeting, identifiers, fields }: MembershipQuestion): Promise<boolean> {
      if (!targeting.enabled || !targeting.id) return false;
      const generation = await currentGeneration(knex, companyId);
      const profileId = await profileOf(companyId, generation, identifiers, fields);
      if (!profileId) return false;
      return targeting.kind === 'category'
        ? inCategory(companyId, generation, profileId, targeting.id)
        : inView(companyId, generation, profileId, targeting.id);
    },
  };
}

export type AudienceMembershipService = ReturnType<typeof createAudienceMembership>;
