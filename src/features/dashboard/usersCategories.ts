/**
 * The Users tab's categories and their words, apart from its chart so that the overview can count
 * and name them without loading the tab.
 */
import type { DashboardMetrics } from '@domain/dashboard/contract';
import type { UsersMode } from './chartModel';

export const USERS_MODE_LABELS: Record<UsersMode, string> = { conversion: 'Conversion', users: 'Users' };

/** A bar of the Users tab: an audience category or saved view with its figures. */
export interface UsersCategory {
  kind: 'category' | 'view';
  id: string;
  name: string;
  userCount: number;
  conversionRate: number;
}

/** The Users tab's bars: the audience's categories, then the ones added with "+ Add Category". */
export function usersCategories(users: DashboardMetrics['users'], extras: readonly UsersCategory[]): UsersCategory[] {
  const own: UsersCategory[] = users.categories.map((name, index) => ({
    kind: 'category',
    id: users.categoryIds[index] ?? name,
    name,
    userCount: users.userCounts[index] ?? 0,
    conversionRate: users.conversionRates[index] ?? 0,
  }));
  const shown = new Set(own.map((category) => `${category.kind}:${category.id}`));
  return [...own, ...extras.filter((extra) => !shown.has(`${extra.kind}:${extra.id}`))];
}

