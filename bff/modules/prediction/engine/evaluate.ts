/**
 * evaluate: offline scores of candidate settings. Each scored person's last interaction is held
 * out, the index is built from everything else, and each settings ranks ten items for that person:
 * hit rate@10 (the held-out item is among them) and NDCG@10 (1 / log2(position + 1) when it is).
 */
import type { DiscoveryLever, EvaluationScores } from '@domain/models/settings';
import { buildIndex } from './build';
import { compareIds, stableHash } from './hash';
import { rank } from './rank';
import type { Interaction, SnapshotInput } from './types';

const EVALUATION_TOP_K = 10;

/** The people scored: those with at least two interactions, in a stable hashed order, at most maxUsers. */
function heldOutInteractions(events: Interaction[], maxUsers: number): Map<string, number> {
  const lastByUser = new Map<string, number>();
  const counts = new Map<string, number>();
  events.forEach((event, position) => {
    counts.set(event.userId, (counts.get(event.userId) ?? 0) + 1);
    const last = lastByUser.get(event.userId);
    if (last === undefined || event.at >= events[last].at) lastByUser.set(event.userId, position);
  });
  const eligible = [...lastByUser.keys()]
    .filter((user) => (counts.get(user) ?? 0) >= 2)
    .sort((left, right) => stableHash(left) - stableHash(right) || compareIds(left, right))
    .slice(0, Math.max(0, maxUsers));
  return new Map(eligible.map((user) => [user, lastByUser.get(user) as number]));
}

export function evaluate(
  input: SnapshotInput,
  candidates: Array<Record<DiscoveryLever, number>>,
  options: { maxUsers?: number } = {},
): { scores: EvaluationScores[]; users: number } {
  const heldOut = heldOutInteractions(input.events, options.maxUsers ?? Number.POSITIVE_INFINITY);
  const heldPositions = new Set(heldOut.values());
  const index = buildIndex({ ...input, events: input.events.filter((_, position) => !heldPositions.has(position)) });
  const users = [...heldOut.keys()].sort(compareIds);
  const scores = candidates.map((discovery) => {
    let hits = 0;
    let gain = 0;
    for (const userId of users) {
      const target = input.events[heldOut.get(userId) as number].itemId;
      const ranked = rank(
        index,
        { query: '', topK: EVALUATION_TOP_K, filters: {}, userId, metadata: { user_id: userId }, customAttributes: {}, customAttributeTypes: {}, recentEvents: [], now: input.now },
        discovery,
      );
      const position = ranked.findIndex((item) => item.id === target);
      if (position >= 0) {
        hits += 1;
        gain += 1 / Math.log2(position + 2);
      }
    }
    return { hitRateAt10: users.length ? hits / users.length : 0, ndcgAt10: users.length ? gain / users.length : 0 };
  });
  return { scores, users: users.length };
}
