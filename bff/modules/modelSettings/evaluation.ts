/**
 * The offline evaluation of edited settings against the saved ones on the company's recent events.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { ModelSettings, SettingsEvaluation } from '@domain/models/settings';
import { apiError } from '../../platform/errors';
import { latestSettings, type SnapshotStore } from '../prediction';

/** The days of events an evaluation reads. */
export const EVALUATION_DAYS = 30;
/** People scored at most: keeps an evaluation to a few seconds on a large company. */
export const EVALUATION_MAX_USERS = 2_000;
/** The newest events of the window an evaluation reads at most. */
export const EVALUATION_MAX_EVENTS = 200_000;
/** Fewer people with a held-out interaction than this say nothing about a ranking. */
export const EVALUATION_MIN_USERS = 5;

/**
 * Scores the saved and the candidate Discovery settings on the held-out last interaction of each
 * person in the EVALUATION_DAYS up to the company's newest event, whatever its date (an import of
 * last year's history evaluates as well as today's traffic), beside most-popular and item-kNN on
 * the same split. RECsplanation levers change wording only, never ranking.
 */
export async function evaluateSettings(em: EntityManager, _now: () => Date, evaluateOffline: SnapshotStore['evaluate'], companyId: string, candidate: ModelSettings): Promise<SettingsEvaluation> {
  const { settings } = await latestSettings(em.fork(), companyId);
  const window = { days: EVALUATION_DAYS, maxEvents: EVALUATION_MAX_EVENTS };
  const result = await evaluateOffline(companyId, window, [settings.discovery, candidate.discovery], EVALUATION_MAX_USERS, candidate.consumedEventTypes ?? settings.consumedEventTypes);
  if (result.users < EVALUATION_MIN_USERS || !result.baselines) throw apiError('not_enough_events');
  return { current: result.scores[0], candidate: result.scores[1], users: result.users, days: EVALUATION_DAYS, baselines: result.baselines };
}
