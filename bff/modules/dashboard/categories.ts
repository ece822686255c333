/**
 * The categories and saved views the dashboard drills into: a category found by its id, its
 * audience name or its segment label; a saved view read within the scope's reach; and the lookup
 * of a typed name (a category first, then a view of that name) with its people and conversion rate;
 * and the names a user can add, offered as they type.
 */
import { CATEGORY_IDS, CATEGORY_NAMES, type CategoryId } from '@domain/audience/contract';
import { CATEGORY_CHOICES_VIEWS_MAX, DASHBOARD_MESSAGES, DEFAULT_SEGMENT_CATEGORIES, type CategoryChoice, type CategoryLookup } from '@domain/dashboard/contract';
import type { EntityManager } from '@mikro-orm/core';
import { AudienceView } from '../../entities';
import { apiError } from '../../platform/errors';
import { countByCategory, countView, type CategoryCounts, type StoredView } from './audienceReads';
import { percent } from './buckets';
import { companyClause, type DashboardScope, type RequestDeps } from './scope';

export const categoryDisplayName = (id: CategoryId) => DEFAULT_SEGMENT_CATEGORIES.find((category) => category.id === id)?.label ?? CATEGORY_NAMES[id];

function lookupCategory(needle: string): CategoryId | null {
  for (const id of CATEGORY_IDS) {
    const names = [id, CATEGORY_NAMES[id], DEFAULT_SEGMENT_CATEGORIES.find((category) => category.id === id)?.label].filter(Boolean) as string[];
    if (names.some((name) => name.toLowerCase() === needle)) return id;
  }
  return null;
}

function categoryNotFound(name: string) {
  return apiError('not_found', { error: 'Category not found', message: DASHBOARD_MESSAGES.categoryNotFound(name) });
}

/** A saved view within the scope's reach, or null. */
export async function storedView(em: EntityManager, scope: DashboardScope, id: string): Promise<StoredView | null> {
  const view = await em.fork().findOne(AudienceView, scope.companyId ? { id, companyId: scope.companyId } : { id });
  return view ? { id: view.id, companyId: view.companyId, name: view.name, filters: view.filters, search: view.search, categoryId: view.categoryId } : null;
}

export async function lookupCategoryOrView({ em, kind, now, read }: RequestDeps, scope: DashboardScope, name: string): Promise<CategoryLookup> {
  const wanted = name.trim();
  const needle = wanted.toLowerCase();
  const category = lookupCategory(needle);
  if (category) {
    const [counts] = await countByCategory(read, scope.companyId, [category]);
    return { kind: 'category', id: category, name: categoryDisplayName(category), userCount: counts!.users, conversionRate: percent(counts!.converted, counts!.users) ?? 0 };
  }
  const company = companyClause(scope);
  const rows = await read(`select id from audience_views where lower(name) = ?${company.sql} order by created_at, id limit 1`, [needle, ...company.params]);
  const view = rows.length ? await storedView(em, scope, String(rows[0]!.id)) : null;
  if (!view) throw categoryNotFound(wanted);
  const counts: CategoryCounts = await countView(read, kind, now(), view);
  return { kind: 'view', id: view.id, name: view.name, userCount: counts.users, conversionRate: percent(counts.converted, counts.users) ?? 0 };
}

/** The audience categories, then the scope's saved views by name (CATEGORY_CHOICES_VIEWS_MAX of them). */
export async function categoryChoices({ read }: RequestDeps, scope: DashboardScope): Promise<CategoryChoice[]> {
  const company = companyClause(scope);
  const views = await read(`select id, name from audience_views where 1 = 1${company.sql} order by lower(name), id limit ${CATEGORY_CHOICES_VIEWS_MAX}`, company.params);
  return [
    ...CATEGORY_IDS.map((id): CategoryChoice => ({ kind: 'category', id, name: categoryDisplayName(id) })),
    ...views.map((view): CategoryChoice => ({ kind: 'view', id: String(view.id), name: String(view.name) })),
  ];
}
