/**
 * The predict operation, one handler for both of its callers: a live call (POST /api/v1/predict)
 * and the replay of a logged call (POST /api/api-keys/calls/:id/compare). Its input is checked by
 * the predict request's schema (predictRequestSchema, which the Live Test shares), then ranked on
 * the company's snapshot under the settings the caller chooses.
 */
import type { EntityManager } from '@mikro-orm/core';
import { predictRequestSchema, type ValidPredictRequest } from '@domain/prediction/schemas';
import { validateBody } from '../../middleware/validate';
import type { RankRequest } from './engine/types';
import { rankingInputs, rankWith, type Ranking, type RankingSources } from './predict';
import type { VersionedSettings } from './settings';
import type { LoadedSnapshot } from './snapshots';

/** A predict request checked against its schema: 400 naming the fields that fail. */
export function parsePredictRequest(body: unknown): Promise<ValidPredictRequest> {
  return validateBody(predictRequestSchema, body);
}

export interface Prediction {
  snapshot: LoadedSnapshot;
  rankRequest: RankRequest;
  settings: VersionedSettings;
  ranking: Ranking;
}

/**
 * Ranks a checked request for the company: custom attributes checked, its snapshot loaded, the
 * caller's newer events read, then the settings `settingsOf` gives (the live call's cached latest,
 * the replay's read afresh). `em` is asked for only when attributes were sent: most calls send
 * none, and a request's first use of the ORM forks its EntityManager.
 */
export async function predict(
  sources: RankingSources,
  em: () => EntityManager,
  companyId: string,
  request: ValidPredictRequest,
  settingsOf: () => Promise<VersionedSettings>,
): Promise<Prediction> {
  const { snapshot, rankRequest } = await rankingInputs(sources, em, companyId, request);
  const settings = await settingsOf();
  return { snapshot, rankRequest, settings, ranking: rankWith(snapshot, settings, rankRequest) };
}
