/**
 * A company's numbered versions of its model settings: every save and every reset adds the next
 * number; none is ever changed. Version 0 is the defaults, which apply until the first save.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { DEFAULT_MODEL_SETTINGS, type ModelSettings, type ModelSettingsVersion as ModelSettingsVersionView } from '@domain/models/settings';
import { changesOf, record } from '../audit';
import { Company, ModelSettingsVersion, User } from '../../entities';
import { completeSettings } from '../prediction';

/** The versions the history answers, newest first. */
export const VERSION_HISTORY_MAX = 200;
/** Concurrent saves of one company race for the next number; the loser tries again. */
const SAVE_ATTEMPTS = 10;

/** Only the fields of ModelSettings, completed with the defaults: what is stored and answered. */
export const settingsOf = (settings: Partial<ModelSettings> | null) => completeSettings(settings);

/** The company's newest saved version, or null when it still uses the defaults. */
async function latestVersion(em: EntityManager, companyId: string): Promise<ModelSettingsVersion | null> {
  return em.findOne(ModelSettingsVersion, { companyId }, { orderBy: { version: 'desc' } });
}

/** The defaults (version 0) have applied since the company was created. */
async function companyCreatedAt(em: EntityManager, companyId: string): Promise<string> {
  const company = await em.findOne(Company, { id: companyId }, { fields: ['createdAt'] });
  return (company?.createdAt ?? new Date(0)).toISOString();
}

/** The names of the users who saved `rows`, by user id. */
async function namesOf(em: EntityManager, rows: ModelSettingsVersion[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.createdById).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return new Map();
  const users = await em.find(User, { id: { $in: ids } }, { fields: ['id', 'name'] });
  return new Map(users.map((user) => [user.id, user.name]));
}

function presentVersion(row: ModelSettingsVersion, names: Map<string, string>): ModelSettingsVersionView {
  return {
    version: row.version,
    settings: settingsOf(row.settings),
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdById ? (names.get(row.createdById) ?? null) : null,
  };
}

/** The version in force: the newest saved one, or the defaults as version 0. */
export async function currentVersion(db: EntityManager, companyId: string): Promise<ModelSettingsVersionView> {
  const em = db.fork();
  const latest = await latestVersion(em, companyId);
  return latest
    ? presentVersion(latest, await namesOf(em, [latest]))
    : { version: 0, settings: settingsOf(DEFAULT_MODEL_SETTINGS), createdAt: await companyCreatedAt(em, companyId), createdByName: null };
}

/** Adds `settings` as the company's next version. */
export async function saveVersion(db: EntityManager, companyId: string, settings: ModelSettings, userId: string | null): Promise<ModelSettingsVersionView> {
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db.fork().transactional(async (em) => {
        const latest = await latestVersion(em, companyId);
        const created = em.create(ModelSettingsVersion, {
          companyId,
          version: (latest?.version ?? 0) + 1,
          settings: settingsOf(settings),
          createdById: userId,
        });
        const changes = changesOf({ ...(latest?.settings ?? DEFAULT_MODEL_SETTINGS) }, { ...created.settings });
        record(em, { action: 'model_settings_changed', companyId, target: { type: 'model_settings', id: null, label: `Version ${created.version}` }, changes });
        await em.flush();
        return created;
      });
      return presentVersion(row, await namesOf(db.fork(), [row]));
    } catch (failure) {
      // Another save took this number between the read and the insert: read again and retry.
      if (failure instanceof UniqueConstraintViolationException && attempt < SAVE_ATTEMPTS) continue;
      throw failure;
    }
  }
}

/** The newest VERSION_HISTORY_MAX versions, newest first. */
export async function versionHistory(db: EntityManager, companyId: string): Promise<ModelSettingsVersionView[]> {
  const em = db.fork();
  const rows = await em.find(ModelSettingsVersion, { companyId }, { orderBy: { version: 'desc' }, limit: VERSION_HISTORY_MAX });
  const names = await namesOf(em, rows);
  return rows.map((row) => presentVersion(row, names));
}
