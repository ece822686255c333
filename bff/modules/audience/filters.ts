/**
 * The Audience Intelligence filters as a SQL condition on audience_profiles: one place that says
 * what "in this view" means, in plain SQL with `?` placeholders so SQLite and PostgreSQL both run
 * it. The same semantics as the page's queries (service.ts): a data source by its bit in
 * source_mask, lifecycle and risk by value, recency as the widest chosen window before `now`, the
 * search over search_text, a category by its bit in category_mask.
 */
import { RECENCY_DAYS, type AudienceQuery, type CategoryId } from '@domain/audience/contract';
import { categoryBit } from '@domain/audience/categories';
import { sourceBit } from '@domain/audience/sources';
import { bindTime, type DatabaseKind } from '../../platform/sql';

const DAY_MS = 86_400_000;

export interface ProfileCondition {
  sql: string;
  params: unknown[];
}

/** The caller adds the generation it reads (build.ts, currentGeneration): the condition is about the filters only. */
export function audienceCondition(kind: DatabaseKind, now: Date, companyId: string, filters: AudienceQuery, categoryId: CategoryId | null = null): ProfileCondition {
  const clauses = ['company_id = ?'];
  const params: unknown[] = [companyId];
  if (filters.dataSource.length) {
    clauses.push('(source_mask & ?) <> 0');
    params.push(filters.dataSource.reduce((mask, source) => mask | sourceBit(source), 0));
  }
  if (filters.lifecycle.length) {
    clauses.push(`lifecycle in (${filters.lifecycle.map(() => '?').join(', ')})`);
    params.push(...filters.lifecycle);
  }
  if (filters.risk.length) {
    clauses.push(`risk in (${filters.risk.map(() => '?').join(', ')})`);
    params.push(...filters.risk);
  }
  const recency = filters.recency.filter((days) => (RECENCY_DAYS as readonly number[]).includes(days));
  if (recency.length) {
    clauses.push('last_seen >= ?');
    params.push(bindTime(kind, new Date(now.getTime() - Math.max(...recency) * DAY_MS)));
  }
  if (filters.search.trim()) {
    clauses.push("search_text like ? escape '\\'");
    params.push(`%${filters.search.trim().toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
  }
  if (categoryId) {
    clauses.push('(category_mask & ?) <> 0');
    params.push(categoryBit(categoryId));
  }
  return { sql: clauses.join(' and '), params };
}
