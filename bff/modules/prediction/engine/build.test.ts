import { describe, expect, it } from 'vitest';
import { FIXTURE_ITEMS, fixtureInput, NOW } from './fixture';
import { buildIndex, tokenize, type EngineIndex } from './index';

const index = buildIndex(fixtureInput()) as EngineIndex;
const position = (id: string) => index.itemById.get(id) as number;

function neighbours(id: string): Array<[string, number]> {
  const item = position(id);
  const list: Array<[string, number]> = [];
  for (let slot = index.neighbourOffsets[item]; slot < index.neighbourOffsets[item + 1]; slot++) list.push([index.itemIds[index.neighbourItems[slot]], index.neighbourCounts[slot]]);
  return list;
}

describe('buildIndex', () => {
  it('tokenises in lower case without stop words, folding plurals', () => {
    expect(tokenize('The Running Shoes for rough Trails!')).toEqual(['running', 'shoe', 'rough', 'trail']);
  });

  it('counts co-occurrence in distinct people, most similar (cosine) first, ties by id', () => {
    // Flagged and unavailable items are neighbours too: rank filters them, the index keeps the facts.
    // Trail Runner and Yoga Mat (i09) have 5 people each, 4 shared: 4 / √(5 × 5) = 0.8 beats the flagged
    // pill (i07), shared by 4 of its 8: 4 / √(5 × 8) = 0.63, which ties Running Socks (2 / √(5 × 2)).
    expect(neighbours('i01')).toEqual([
      ['i09', 4],
      ['i08', 3],
      ['i04', 2],
      ['i07', 4],
      ['i02', 1],
      ['i03', 1],
    ]);
    const item = position('i01');
    const weights = Array.from(index.neighbourWeights.subarray(index.neighbourOffsets[item], index.neighbourOffsets[item + 1]));
    const people = (id: string) => new Set(fixtureInput().events.filter((event) => event.itemId === id).map((event) => event.userId)).size;
    expect(weights[0]).toBeCloseTo(4 / Math.sqrt(people('i01') * people('i09')), 12);
    expect(weights[2]).toBe(weights[3]);
  });

  it('measures trending against the previous days and rates with a Bayesian average', () => {
    const bottle = position('i11');
    expect(index.last24h[bottle]).toBe(6);
    expect(index.previousDailyAverage[bottle]).toBeCloseTo(1 / 6, 12);
    const boot = position('i03');
    // 300 reviews at 4.8 and one rating event of 5, pulled towards the catalogue mean by 10 reviews.
    expect(index.ratingCount[boot]).toBe(301);
    expect(index.ratingMean[boot]).toBeCloseTo((4.8 * 300 + 5) / 301, 12);
    expect(index.bayesianRating[boot]).toBeLessThan(index.ratingMean[boot]);
  });

  it('keeps plain, structured-clone-able data with typed arrays and items sorted by id', () => {
    expect(index.itemIds).toEqual([...FIXTURE_ITEMS.map((item) => item.id)].sort());
    expect(index.popularity).toBeInstanceOf(Float64Array);
    expect(structuredClone(index)).toEqual(index);
    expect(index.builtAt).toBe(NOW);
    expect(index.eventCount).toBe(fixtureInput().events.length);
  });

  it('ignores events on unknown items and keeps the newest copy of a duplicated item', () => {
    const copy = { ...FIXTURE_ITEMS[0], title: 'Trail Runner 2' };
    const built = buildIndex(fixtureInput({ items: [...FIXTURE_ITEMS, copy], events: [...fixtureInput().events, { userId: 'x', itemId: 'missing', type: 'view', value: null, at: NOW }] })) as EngineIndex;
    expect(built.itemCount).toBe(FIXTURE_ITEMS.length);
    expect(built.titles[built.itemById.get('i01') as number]).toBe('Trail Runner 2');
    expect(built.eventCount).toBe(fixtureInput().events.length);
  });
});
