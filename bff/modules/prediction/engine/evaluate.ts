/**
 * evaluate: offline scores of candidate settings. Each scored person's last interaction (time, then
 * item id) is held out, the index is built from everything else, and each settings ranks ten items
 * for that person, never what they already have (the consuming event types): hit rate@10 (the
 * held-out item is among them), NDCG@10 (1 / log2(position + 1) when it is) and coverage (distinct
 * items served / items). Two textbook baselines are scored on the same split: the most popular
 * items the person has not had, and item-kNN (the sum of the person's items' cosine neighbours).
 */
import type { DiscoveryLever, EvaluationScores } from '@domain/models/settings';
import type { EventType } from '@domain/prediction/contract';
import { buildIndex, type EngineIndex } from './build';
import { compareIds, stableHash } from './hash';
import { baseline, rank } from './rank';
import type { Interaction, RankRequest, SnapshotInput } from './types';

const EVALUATION_TOP_K = 10;

/** The people scored: those with at least two interactions, in a stable hashed order, at most maxUsers. */
function heldOutInteractions(events: Interaction[], maxUsers: number): Map<string, number> {
  const lastByUser = new Map<string, number>();
  const counts = new Map<string, number>();
  events.forEach((event, position) => {
    counts.set(event.userId, (counts.get(event.userId) ?? 0) + 1);
    const last = lastByUser.get(event.userId);
    // The latest, and of events at one instant the highest item id: never the order records were stored in.
    if (last === undefined || event.at > events[last].at || (event.at === events[last].at && compareIds(event.itemId, events[last].itemId) >= 0)) lastByUser.set(event.userId, position);
  });
  const eligible = [...lastByUser.keys()]
    .filter((user) => (counts.get(user) ?? 0) >= 2)
    .sort((left, right) => stableHash(left) - stableHash(right) || compareIds(left, right))
    .slice(0, Math.max(0, maxUsers));
  return new Map(eligible.map((user) => [user, lastByUser.get(user) as number]));
}

/** Item-kNN's ten: the person's every item's kept neighbours, their cosine similarities summed (ties by id). */
function itemKnn(index: EngineIndex, request: RankRequest): string[] {
  const user = request.userId === null ? undefined : index.userById.get(request.userId);
  if (user === undefined) return [];
  const own = new Set<number>();
  for (let slot = index.userSeenOffsets[user]; slot < index.userSeenOffsets[user + 1]; slot++) own.add(index.userSeenItems[slot]);
  const sums = new Map<number, number>();
  for (const item of own) {
    for (let slot = index.neighbourOffsets[item]; slot < index.neighbourOffsets[item + 1]; slot++) {
      const neighbour = index.neighbourItems[slot];
      if (!own.has(neighbour) && index.servable[neighbour]) sums.set(neighbour, (sums.get(neighbour) ?? 0) + index.neighbourWeights[slot]);
    }
  }
  const ranked = [...sums].sort((left, right) => right[1] - left[1] || left[0] - right[0]).slice(0, request.topK);
  const ids = ranked.map(([item]) => index.itemIds[item]);
  // Topped up from the most popular, as the model's answers are.
  for (const item of baseline(index, { ...request, excludeItems: ids })) if (ids.length < request.topK) ids.push(item.id);
  return ids;
}

export interface EvaluationResult {
  scores: EvaluationScores[];
  users: number;
  /** The same split answered by most-popular and item-kNN. */
  baselines: { mostPopular: EvaluationScores; itemKnn: EvaluationScores };
}

export function evaluate(
  input: SnapshotInput,
  candidates: Array<Record<DiscoveryLever, number>>,
  options: { maxUsers?: number; consumedTypes?: readonly EventType[] } = {},
): EvaluationResult {
  const heldOut = heldOutInteractions(input.events, options.maxUsers ?? Number.POSITIVE_INFINITY);
  const heldPositions = new Set(heldOut.values());
  const index = buildIndex({ ...input, events: input.events.filter((_, position) => !heldPositions.has(position)) }) as EngineIndex;
  const users = [...heldOut.keys()].sort(compareIds);
  const consumedTypes = options.consumedTypes ?? ['purchase'];
  const requestFor = (userId: string): RankRequest => ({
    query: '',
    topK: EVALUATION_TOP_K,
    filters: {},
    userId,
    metadata: { user_id: userId },
    customAttributes: {},
    customAttributeTypes: {},
    recentEvents: [],
    consumedTypes,
    now: input.now,
  });
  const scoreOf = (answer: (userId: string) => string[]): EvaluationScores => {
    let hits = 0;
    let gain = 0;
    const served = new Set<string>();
    for (const userId of users) {
      const target = input.events[heldOut.get(userId) as number].itemId;
      const ids = answer(userId);
      for (const id of ids) served.add(id);
      const position = ids.indexOf(target);
      if (position >= 0) {
        hits += 1;
        gain += 1 / Math.log2(position + 2);
      }
    }
    const count = users.length;
    return { hitRateAt10: count ? hits / count : 0, ndcgAt10: count ? gain / count : 0, coverage: index.itemCount ? served.size / index.itemCount : 0 };
  };
  const scores = candidates.map((discovery) => scoreOf((userId) => rank(index, requestFor(userId), discovery).map((item) => item.id)));
  const baselines = {
    mostPopular: scoreOf((userId) => baseline(index, requestFor(userId)).map((item) => item.id)),
    itemKnn: scoreOf((userId) => itemKnn(index, requestFor(userId))),
  };
  return { scores, users: users.length, baselines };
}
