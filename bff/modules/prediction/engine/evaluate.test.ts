import { describe, expect, it } from 'vitest';
import { evaluationInput, only } from './fixture';
import { evaluate } from './index';

describe('evaluate', () => {
  it('scores hit rate and NDCG at 10 on the held-out last interaction of each person with two or more', () => {
    const result = evaluate(evaluationInput(), [only({ viewingPatterns: 100 }), only({ trendingContent: 100 }), only({})]);
    // Six people have two or more interactions; B is first for the two test people under viewing patterns.
    expect(result.users).toBe(6);
    expect(result.scores).toMatchObject([
      { hitRateAt10: 2 / 6, ndcgAt10: 2 / 6 },
      { hitRateAt10: 0, ndcgAt10: 0 },
      { hitRateAt10: 0, ndcgAt10: 0 },
    ]);
    // Item-kNN finds B from A as viewing patterns do; coverage counts the distinct items served.
    expect(result.baselines.itemKnn).toMatchObject({ hitRateAt10: 2 / 6, ndcgAt10: 2 / 6 });
    for (const scores of [...result.scores, result.baselines.mostPopular, result.baselines.itemKnn]) {
      expect(scores.coverage).toBeGreaterThan(0);
      expect(scores.coverage).toBeLessThanOrEqual(1);
    }
  });

  it('caps the people scored with maxUsers, by a stable hash, the same every time', () => {
    const first = evaluate(evaluationInput(), [only({ viewingPatterns: 100 })], { maxUsers: 3 });
    expect(first.users).toBe(3);
    expect(evaluate(evaluationInput(), [only({ viewingPatterns: 100 })], { maxUsers: 3 })).toEqual(first);
    expect(evaluate(evaluationInput(), [only({ viewingPatterns: 100 })], { maxUsers: 0 })).toMatchObject({ scores: [{ hitRateAt10: 0, ndcgAt10: 0, coverage: 0 }], users: 0 });
  });

  it('discounts a hit by its position', () => {
    // A now shares a tag with filler F00, and content discovery weighs more than viewing patterns:
    // F00 comes first and B second for the two test people, so each hit scores 1 / log2(3).
    const input = evaluationInput();
    input.items = input.items.map((entry) => (entry.id === 'F00' ? { ...entry, tags: ['shared'] } : entry.id === 'A' ? { ...entry, tags: ['shared'] } : entry));
    const result = evaluate(input, [only({ viewingPatterns: 40, contentDiscovery: 100 })]);
    expect(result.scores[0].hitRateAt10).toBe(2 / 6);
    expect(result.scores[0].ndcgAt10).toBeCloseTo((2 * (1 / Math.log2(3))) / 6, 12);
  });
});
