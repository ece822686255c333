/**
 * A user's saved dashboard preferences per scope: read (the defaults for what was never saved)
 * and saved (one row per user and scope, merged on conflict).
 */
import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { DashboardPreferences } from '@domain/dashboard/contract';
import { DEFAULT_DASHBOARD_PREFERENCES } from '@domain/dashboard/schemas';
import { DashboardPreference } from '../../entities';

export async function loadPreferences(em: EntityManager, userId: string, scopeKey: string): Promise<DashboardPreferences> {
  const row = await em.fork().findOne(DashboardPreference, { userId, scope: scopeKey });
  return row ? { ...DEFAULT_DASHBOARD_PREFERENCES, ...row.preferences } : structuredClone(DEFAULT_DASHBOARD_PREFERENCES);
}

export async function savePreferences(em: EntityManager, userId: string, scopeKey: string, preferences: DashboardPreferences): Promise<DashboardPreferences> {
  const at = new Date();
  await em.fork().upsert(
    DashboardPreference,
    { id: randomUUID(), userId, scope: scopeKey, preferences, createdAt: at, updatedAt: at },
    { onConflictFields: ['userId', 'scope'], onConflictAction: 'merge', onConflictMergeFields: ['preferences', 'updatedAt'] },
  );
  return preferences;
}
