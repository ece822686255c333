/** The model settings a prediction runs with: the company's latest saved version, or the defaults as version 0. */
import type { EntityManager } from '@mikro-orm/core';
import { DEFAULT_CONSUMED_EVENT_TYPES, DEFAULT_MODEL_SETTINGS, type ModelSettings } from '@domain/models/settings';
import { ModelSettingsVersion } from '../../entities';
import { preparedRowReader } from '../../platform/preparedRows';
import type { Orm } from '../../types';

export interface VersionedSettings {
  version: number;
  settings: ModelSettings;
}

/** Stored settings completed with the defaults, so a version saved before a lever existed still ranks. */
export function completeSettings(stored: Partial<ModelSettings> | null | undefined): ModelSettings {
  return {
    discovery: { ...DEFAULT_MODEL_SETTINGS.discovery, ...(stored?.discovery ?? {}) },
    explanation: { ...DEFAULT_MODEL_SETTINGS.explanation, ...(stored?.explanation ?? {}) },
    holdoutPercent: stored?.holdoutPercent ?? DEFAULT_MODEL_SETTINGS.holdoutPercent,
    bannedPhrases: stored?.bannedPhrases ?? [],
    requiredPhrases: stored?.requiredPhrases ?? [],
    consumedEventTypes: stored?.consumedEventTypes ?? [...DEFAULT_CONSUMED_EVENT_TYPES],
  };
}

export async function latestSettings(em: EntityManager, companyId: string): Promise<VersionedSettings> {
  const row = await em.findOne(ModelSettingsVersion, { companyId }, { orderBy: { version: 'desc' }, fields: ['version', 'settings'] });
  return row ? { version: row.version, settings: completeSettings(row.settings) } : { version: 0, settings: completeSettings(null) };
}

/** A given version (0: the defaults); null when the company has no such version. */
export async function settingsVersion(em: EntityManager, companyId: string, version: number): Promise<VersionedSettings | null> {
  if (version === 0) return { version: 0, settings: completeSettings(null) };
  const row = await em.findOne(ModelSettingsVersion, { companyId, version }, { fields: ['version', 'settings'] });
  return row ? { version: row.version, settings: completeSettings(row.settings) } : null;
}

/**
 * The latest settings for the request path: saved versions never change, so each company's latest
 * is kept in memory and only its version number is read per call (one prepared single-row read,
 * no entity). A save in any process or replica shows at the next call, as before. A version not yet
 * kept is read in a fork of its own (`fork`, the runtime's): the copy outlives the call that read it.
 */
export function createSettingsReader(orm: Orm, fork: () => EntityManager) {
  const latestVersion = preparedRowReader(orm, 'navout_latest_settings_version', 'select max(version) from model_settings_versions where company_id = ?');
  const cached = new Map<string, VersionedSettings>();
  return async function latest(companyId: string): Promise<VersionedSettings> {
    const row = await latestVersion(companyId);
    const version = Number(row?.[0] ?? 0);
    const known = cached.get(companyId);
    if (known && known.version === version) return known;
    const read = await latestSettings(fork(), companyId);
    cached.set(companyId, read);
    return read;
  };
}

export type SettingsReader = ReturnType<typeof createSettingsReader>;
