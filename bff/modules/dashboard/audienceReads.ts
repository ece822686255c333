/**
 * What the dashboard reads of Audience Intelligence, in one place: the profiles of the company's
 * current generation (audience_builds.generation; 0 for a company without a build row), counted
 * per category, and a saved view's condition. Read-only; the audience module owns these tables.
 *
 * "Converted" for a profile means a lifetime value above zero: it bought something (a purchase or
 * conversion event with revenue) or its people records carry revenue or an LTV. That is a column
 * of the profile, so the share is one pass over the company's profiles with no join to events.
 */
import { LIFECYCLE_STAGES, RECENCY_DAYS, RISK_LEVELS, SOURCE_KINDS, type AudienceFilters, type CategoryId } from '@domain/audience/contract';
import { categoryBit } from '@domain/audience/categories';
import { audienceCondition } from '../audience';
import type { DatabaseKind } from '../../platform/sql';
import { timeOf } from '../prediction';
import type { Read } from './reads';

/** The current generation of a profile row `alias` (joined with audience_builds as `alias_build`). */
export function currentGeneration(alias: string): { join: string; condition: string } {
  return {
    join: `left join audience_builds ${alias}_build on ${alias}_build.company_id = ${alias}.company_id`,
    condition: `${alias}.generation = coalesce(${alias}_build.generation, 0)`,
  };
}

export interface CategoryCounts {
  users: number;
  converted: number;
}

/** When the profiles in scope were last built (null before any build), and a key that changes with every build. */
export async function audienceVersion(read: Read, companyId: string | null): Promise<{ builtAt: string | null; key: string }> {
  const rows = await read(
    `select count(*) as builds, max(computed_at) as built_at, sum(generation) as generations from audience_builds${companyId ? ' where company_id = ?' : ''}`,
    companyId ? [companyId] : [],
  );
  const row = rows[0] ?? {};
  const builtAt = row.built_at === null || row.built_at === undefined ? null : new Date(timeOf(row.built_at)).toISOString();
  return { builtAt, key: `${String(row.builds ?? 0)}|${builtAt ?? ''}|${String(row.generations ?? 0)}` };
}

/** Profiles and converted profiles per category, in one pass over the profiles in scope. */
export async function countByCategory(read: Read, companyId: string | null, categories: readonly CategoryId[]): Promise<CategoryCounts[]> {
  const generation = currentGeneration('p');
  const columns = categories.flatMap((id, index) => {
    const bit = categoryBit(id);
    return [
      `sum(case when (p.category_mask & ${bit}) <> 0 then 1 else 0 end) as u${index}`,
      `sum(case when (p.category_mask & ${bit}) <> 0 and p.ltv > 0 then 1 else 0 end) as c${index}`,
    ];
  });
  const rows = await read(
    `select ${columns.join(', ')} from audience_profiles p ${generation.join} where ${generation.condition}${companyId ? ' and p.company_id = ?' : ''}`,
    companyId ? [companyId] : [],
  );
  const row = rows[0] ?? {};
  return categories.map((_, index) => ({ users: Number(row[`u${index}`] ?? 0), converted: Number(row[`c${index}`] ?? 0) }));
}

const listOf = <T>(value: unknown, allowed: readonly T[]): T[] => (Array.isArray(value) ? value.filter((item): item is T => allowed.includes(item as T)) : []);

/** A stored view's filters, keeping only values the filters allow: a stored row is read, never trusted. */
export function viewFilters(stored: unknown): AudienceFilters {
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return {
    dataSource: listOf(raw.dataSource, SOURCE_KINDS),
    lifecycle: listOf(raw.lifecycle, LIFECYCLE_STAGES),
    risk: listOf(raw.risk, RISK_LEVELS),
    recency: listOf(raw.recency, RECENCY_DAYS),
  };
}

export interface StoredView {
  id: string;
  companyId: string;
  name: string;
  filters: unknown;
  search: string;
  categoryId: CategoryId | null;
}

/**
 * The ids of the view's profiles (current generation) as a subquery on `p.id`: the same condition
 * as the Audience Intelligence page's lists (audienceCondition).
 */
export function viewProfileCondition(kind: DatabaseKind, now: Date, view: StoredView): { sql: string; params: unknown[] } {
  const condition = audienceCondition(kind, now, view.companyId, { ...viewFilters(view.filters), search: view.search ?? '' }, view.categoryId);
  return {
    sql: `p.id in (select id from audience_profiles where ${condition.sql} and generation = coalesce((select generation from audience_builds where company_id = ?), 0))`,
    params: [...condition.params, view.companyId],
  };
}

/** A view's profiles and those converted. */
export async function countView(read: Read, kind: DatabaseKind, now: Date, view: StoredView): Promise<CategoryCounts> {
  const condition = viewProfileCondition(kind, now, view);
  const generation = currentGeneration('p');
  const rows = await read(
    `select count(*) as users, sum(case when p.ltv > 0 then 1 else 0 end) as converted from audience_profiles p ${generation.join} where ${generation.condition} and ${condition.sql}`,
    condition.params,
  );
  return { users: Number(rows[0]?.users ?? 0), converted: Number(rows[0]?.converted ?? 0) };
}
