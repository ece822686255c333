import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { DashboardPreferences } from '@domain/dashboard/contract';
import { record } from './BaseRecord';

/**
 * One user's dashboard overview preferences (saved charts, the grid order, Line or Bar per tab,
 * added categories) for one company they look at: their own, or for a global admin the company
 * chosen in "View Data For" ('all' for All Companies). No foreign keys: removing a user or a
 * company must not wait on a table of view settings, and a stale row is never read by anyone else.
 */
export const DashboardPreference = defineEntity({
  name: 'DashboardPreference',
  tableName: 'dashboard_preferences',
  properties: record({
    userId: p.string().length(36),
    /** A company id, or 'all'. */
    scope: p.string().length(36),
    preferences: p.json<DashboardPreferences>(),
  }),
  uniques: [{ name: 'dashboard_preferences_user_scope_unique', properties: ['userId', 'scope'] }],
});
export type DashboardPreference = InferEntity<typeof DashboardPreference>;
