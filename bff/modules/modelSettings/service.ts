/**
 * A company's model settings: numbered versions (versions.ts), the data readiness of each
 * Discovery lever (readiness.ts), and the offline evaluation of edited settings against the saved
 * ones on the company's recent events (evaluation.ts); this file binds them to the service's
 * database, clock and prediction runtime.
 */
import type { Logger } from 'pino';
import {
  DEFAULT_MODEL_SETTINGS,
  type ModelSettings,
  type ModelSettingsVersion as ModelSettingsVersionView,
  type ModelSettingsView,
  type SettingsEvaluation,
} from '@domain/models/settings';
import type { Orm } from '../../types';
import type { PredictionIndex, SnapshotStore } from '../prediction';
import { evaluateSettings } from './evaluation';
import { readinessNotes } from './readiness';
import { currentVersion, saveVersion, settingsOf, versionHistory } from './versions';

export { EVALUATION_DAYS, EVALUATION_MAX_EVENTS, EVALUATION_MAX_USERS, EVALUATION_MIN_USERS } from './evaluation';
export { VERSION_HISTORY_MAX } from './versions';

export interface ModelSettingsServiceOptions {
  orm: Orm;
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

export function createModelSettingsService({ orm, logger, now, servedIndex, evaluateOffline }: ModelSettingsServiceOptions) {
  return {
    async view(companyId: string): Promise<ModelSettingsView> {
      const current = await currentVersion(orm, companyId);
      return { current, defaults: settingsOf(DEFAULT_MODEL_SETTINGS), readiness: await readinessNotes(servedIndex, logger, companyId) };
    },
    save: (companyId: string, settings: ModelSettings, userId: string | null): Promise<ModelSettingsVersionView> => saveVersion(orm, companyId, settings, userId),
    reset: (companyId: string, userId: string | null): Promise<ModelSettingsVersionView> => saveVersion(orm, companyId, DEFAULT_MODEL_SETTINGS, userId),
    versions: (companyId: string): Promise<ModelSettingsVersionView[]> => versionHistory(orm, companyId),
    evaluate: (companyId: string, candidate: ModelSettings): Promise<SettingsEvaluation> => evaluateSettings(orm, now, evaluateOffline, companyId, candidate),
  };
}

export type ModelSettingsService = ReturnType<typeof createModelSettingsService>;
