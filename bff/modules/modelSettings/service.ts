/**
 * A company's model settings: numbered versions (versions.ts), the data readiness of each
 * Discovery lever (readiness.ts), and the offline evaluation of edited settings against the saved
 * ones on the company's recent events (evaluation.ts); this file binds them to the service's
 * clock and prediction runtime; each takes the EntityManager it is handed (the request's).
 */
import type { Logger } from 'pino';
import {
  DEFAULT_MODEL_SETTINGS,
  type ModelSettings,
  type ModelSettingsVersion as ModelSettingsVersionView,
  type ModelSettingsView,
  type SettingsEvaluation,
} from '@domain/models/settings';
import type { EntityManager } from '@mikro-orm/core';
import type { PredictionIndex, SnapshotStore } from '../prediction';
import { evaluateSettings } from './evaluation';
import { readinessNotes } from './readiness';
import { currentVersion, saveVersion, settingsOf, versionHistory } from './versions';

export { EVALUATION_DAYS, EVALUATION_MAX_EVENTS, EVALUATION_MAX_USERS, EVALUATION_MIN_USERS } from './evaluation';
export { VERSION_HISTORY_MAX } from './versions';

export interface ModelSettingsServiceOptions {
  logger: Logger;
  now: () => Date;
  /**
   * The index predictions are served from (the prediction runtime's snapshot, built off the event
   * loop on first use): the readiness notes describe exactly the data the ranking sees.
   */
  servedIndex: (companyId: string) => Promise<PredictionIndex>;
  /** The prediction runtime's offline evaluation (run in its worker, off the event loop). */
  evaluateOffline: SnapshotStore['evaluate'];
}

export function createModelSettingsService({ logger, now, servedIndex, evaluateOffline }: ModelSettingsServiceOptions) {
  return {
    async view(em: EntityManager, companyId: string): Promise<ModelSettingsView> {
      const current = await currentVersion(em, companyId);
      return { current, defaults: settingsOf(DEFAULT_MODEL_SETTINGS), readiness: await readinessNotes(servedIndex, logger, companyId) };
    },
    save: (em: EntityManager, companyId: string, settings: ModelSettings, userId: string | null): Promise<ModelSettingsVersionView> => saveVersion(em, companyId, settings, userId),
    reset: (em: EntityManager, companyId: string, userId: string | null): Promise<ModelSettingsVersionView> => saveVersion(em, companyId, DEFAULT_MODEL_SETTINGS, userId),
    versions: (em: EntityManager, companyId: string): Promise<ModelSettingsVersionView[]> => versionHistory(em, companyId),
    evaluate: (em: EntityManager, companyId: string, candidate: ModelSettings): Promise<SettingsEvaluation> => evaluateSettings(em, now, evaluateOffline, companyId, candidate),
  };
}

export type ModelSettingsService = ReturnType<typeof createModelSettingsService>;
