/**
 * A company's model settings: numbered versions (every save and every reset adds the next
 * number; none is ever changed), the data readiness of each Discovery lever, and the offline
 * evaluation of edited settings against the saved ones on the company's recent events.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import {
  DEFAULT_MODEL_SETTINGS,
  type LeverReadiness,
  type ModelSettings,
  type ModelSettingsVersion as ModelSettingsVersionView,
  type ModelSettingsView,
  type SettingsEvaluation,
} from '@domain/models/settings';
import type { Orm } from '../../types';
import { Company, ModelSettingsVersion, User } from '../../entities';
import { apiError } from '../../platform/errors';
import { readiness, completeSettings, latestSettings, type PredictionIndex, type SnapshotStore } from '../prediction';

/** The days of events an evaluation reads. */
export const EVALUATION_DAYS = 30;
/** People scored at most: keeps an evaluation to a few seconds on a large company. */
export const EVALUATION_MAX_USERS = 2_000;
/** The newest events of the window an evaluation reads at most. */
export const EVALUATION_MAX_EVENTS = 200_000;
/** Fewer people with a held-out interaction than this say nothing about a ranking. */
export const EVALUATION_MIN_USERS = 5;
/** The versions the history answers, newest first. */
export const VERSION_HISTORY_MAX = 200;
/** Concurrent saves of one company race for the next number; the loser tries again. */
const SAVE_ATTEMPTS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the fields of ModelSettings, completed with the defaults: what is stored and answered. */
const settingsOf = (settings: Partial<ModelSettings> | null) => completeSettings(settings);

/** The company's newest saved version, or null when it still uses the defaults. */
async function latestVersion(em: EntityManager, companyId: string): Promise<ModelSettingsVersion | null> {
  return em.findOne(ModelSettingsVersion, { companyId }, { orderBy: { version: 'desc' } });
}

/** The defaults (version 0) have applied since the company was created. */
async function companyCreatedAt(em: EntityManager, companyId: string): Promise<string> {
  const company = await em.findOne(Company, { id: companyId }, { fields: ['createdAt'] });
  return (company?.createdAt ?? new Date(0)).toISOString();
}

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
  async function namesOf(em: EntityManager, rows: ModelSettingsVersion[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.map((row) => row.createdById).filter((id): id is string => Boolean(id)))];
    if (!ids.length) return new Map();
    const users = await em.find(User, { id: { $in: ids } }, { fields: ['id', 'name'] });
    return new Map(users.map((user) => [user.id, user.name]));
  }

  function present(row: ModelSettingsVersion, names: Map<string, string>): ModelSettingsVersionView {
    return {
      version: row.version,
      settings: settingsOf(row.settings),
      createdAt: row.createdAt.toISOString(),
      createdByName: row.createdById ? (names.get(row.createdById) ?? null) : null,
    };
  }

  /**
   * The notes of the served index. When the company's snapshot cannot be built the settings stay
   * viewable and editable: the notes are left out (an empty list) and the failure is logged.
   */
  async function readinessOf(companyId: string): Promise<LeverReadiness[]> {
    try {
      return readiness(await servedIndex(companyId));
    } catch (failure) {
      logger.error({ err: failure, companyId }, 'Readiness notes unavailable: the prediction snapshot could not be loaded');
      return [];
    }
  }

  async function saveVersion(companyId: string, settings: ModelSettings, userId: string | null): Promise<ModelSettingsVersionView> {
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await orm.em.fork().transactional(async (em) => {
          const latest = await latestVersion(em, companyId);
          const created = em.create(ModelSettingsVersion, {
            companyId,
            version: (latest?.version ?? 0) + 1,
            settings: settingsOf(settings),
            createdById: userId,
          });
          await em.flush();
          return created;
        });
        return present(row, await namesOf(orm.em.fork(), [row]));
      } catch (failure) {
        // Another save took this number between the read and the insert: read again and retry.
        if (failure instanceof UniqueConstraintViolationException && attempt < SAVE_ATTEMPTS) continue;
        throw failure;
      }
    }
  }

  return {
    async view(companyId: string): Promise<ModelSettingsView> {
      const em = orm.em.fork();
      const latest = await latestVersion(em, companyId);
      const current: ModelSettingsVersionView = latest
        ? present(latest, await namesOf(em, [latest]))
        : { version: 0, settings: settingsOf(DEFAULT_MODEL_SETTINGS), createdAt: await companyCreatedAt(em, companyId), createdByName: null };
      return { current, defaults: settingsOf(DEFAULT_MODEL_SETTINGS), readiness: await readinessOf(companyId) };
    },

    save(companyId: string, settings: ModelSettings, userId: string | null): Promise<ModelSettingsVersionView> {
      return saveVersion(companyId, settings, userId);
    },

    reset(companyId: string, userId: string | null): Promise<ModelSettingsVersionView> {
      return saveVersion(companyId, DEFAULT_MODEL_SETTINGS, userId);
    },

    async versions(companyId: string): Promise<ModelSettingsVersionView[]> {
      const em = orm.em.fork();
      const rows = await em.find(ModelSettingsVersion, { companyId }, { orderBy: { version: 'desc' }, limit: VERSION_HISTORY_MAX });
      const names = await namesOf(em, rows);
      return rows.map((row) => present(row, names));
    },

    /**
     * Scores the saved and the candidate Discovery settings on the held-out last interaction of
     * each person with recent events (RECsplanation levers change wording only, never ranking).
     */
    async evaluate(companyId: string, candidate: ModelSettings): Promise<SettingsEvaluation> {
      const clock = now().getTime();
      const { settings } = await latestSettings(orm.em.fork(), companyId);
      const window = { now: clock, since: clock - EVALUATION_DAYS * DAY_MS, maxEvents: EVALUATION_MAX_EVENTS };
      const result = await evaluateOffline(companyId, window, [settings.discovery, candidate.discovery], EVALUATION_MAX_USERS);
      if (result.users < EVALUATION_MIN_USERS) throw apiError('not_enough_events');
      return { current: result.scores[0], candidate: result.scores[1], users: result.users, days: EVALUATION_DAYS };
    },
  };
}

export type ModelSettingsService = ReturnType<typeof createModelSettingsService>;
