import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCOVERY_SETTINGS, DISCOVERY_LEVERS, type DiscoveryLever } from '@domain/models/settings';
import { FIXTURE_ITEMS, fixtureInput, NOW, only, request } from './fixture';
import { baseline, buildIndex, rank, tokenize } from './index';
import { TEXT_CACHE_SIZE } from './rankState';
import type { Interaction, RankedItem } from './types';

const index = buildIndex(fixtureInput());
const ids = (items: RankedItem[]) => items.map((item) => item.id);
const NEVER_SERVED = ['i06', 'i07', 'i09']; // out of stock, flagged, unavailable

describe('rank with one slider turned up alone', () => {
  const expected: Record<DiscoveryLever, string[]> = {
    // Only Trail Running Jacket shares a tag (trail) with what alice viewed; the rest is popular fill.
    contentDiscovery: ['i08', 'i11', 'i01', 'i03', 'i04'],
    // s3 is new and never shown; Headlamp has no impressions at all.
    coldStartSellers: ['i04', 'i12', 'i10', 'i05', 'i11'],
    // One item per seller at 100 %: s1 was shown far beyond its share, so its items only come as fill.
    fairExposure: ['i04', 'i05', 'i11', 'i03', 'i01'],
    deliveryAware: ['i04', 'i11', 'i01', 'i10', 'i03'],
    trustSafety: ['i03', 'i01', 'i02', 'i05', 'i11'],
    // Two of alice's three interactions are in the top price band (120-180), one in the lowest (12-15).
    priceElasticity: ['i01', 'i02', 'i03', 'i04', 'i11'],
    // More than 30 days of cover counts as plenty (ties by id).
    supplyDemand: ['i01', 'i04', 'i05', 'i10', 'i11'],
    twoSidedMatchmaking: ['i01', 'i04', 'i02', 'i03', 'i08'],
    // A re-ranking, not a signal: nothing scores, so the answer is the popular fill.
    intentDiversification: ['i11', 'i01', 'i03', 'i08', 'i04'],
    // Three people viewed Trail Runner and Trail Running Jacket; one viewed it with the boot.
    viewingPatterns: ['i08', 'i03', 'i11', 'i01', 'i04'],
    genreBased: ['i01', 'i02', 'i04', 'i08', 'i11'],
    trendingContent: ['i11', 'i10', 'i03', 'i01', 'i08'],
  };

  it.each(DISCOVERY_LEVERS.map((lever) => [lever, expected[lever]] as const))('%s', (lever, order) => {
    const answer = rank(index, request(), only({ [lever]: 100 }));
    expect(ids(answer)).toEqual(order);
    for (const item of answer.filter((entry) => entry.source === 'ranked')) {
      expect(item.contributions.map((contribution) => contribution.signal)).toEqual([lever]);
    }
  });

  it('scores a query by text relevance when contentDiscovery is up', () => {
    expect(ids(rank(index, request({ query: 'waterproof running' }), only({ contentDiscovery: 100 })))).toEqual(['i08', 'i03', 'i04', 'i02', 'i01']);
    const [jacket] = rank(index, request({ query: 'waterproof running', userId: null }), only({ contentDiscovery: 100 }));
    expect(jacket.contributions[0].evidence).toMatchObject({ query: 'waterproof running', matched: 'waterproof running' });
  });

  it('ranks only the items matching a query while there are enough of them, the other levers ordering them', () => {
    const matching = ids(rank(index, request({ query: 'trail', topK: 2 }), DEFAULT_DISCOVERY_SETTINGS));
    expect(matching).toHaveLength(2);
    for (const id of matching) expect(FIXTURE_ITEMS.find((item) => item.id === id)?.title).toMatch(/trail/i);
    // With text relevance off, the query no longer steers: the answer is the one without a query.
    const off = { ...DEFAULT_DISCOVERY_SETTINGS, contentDiscovery: 0 };
    expect(ids(rank(index, request({ query: 'trail', topK: 2 }), off))).toEqual(ids(rank(index, request({ topK: 2 }), off)));
  });

  it('prefers items delivered to metadata.region', () => {
    expect(ids(rank(index, request({ metadata: { region: 'FR' } }), only({ deliveryAware: 100 })))).toEqual(['i11', 'i01', 'i10', 'i03', 'i04']);
  });

  it('boosts items whose fields match the custom attributes', () => {
    const answer = rank(index, request({ customAttributes: { color: 'red' }, customAttributeTypes: { color: 'string' } }), only({}));
    expect(ids(answer).slice(0, 2)).toEqual(['i02', 'i08']);
    expect(answer[0].contributions).toEqual([{ signal: 'customAttributes', value: 0.5, evidence: { matched: 'color: red' } }]);
  });

  it('gives viewing-pattern evidence from the real co-occurrence counts', () => {
    const [jacket] = rank(index, request(), only({ viewingPatterns: 100 }));
    expect(jacket.contributions[0].evidence).toEqual({ viewers: 3, anchorTitle: 'Trail Runner', anchorId: 'i01' });
  });

  it('counts the request’s recent events as anchors', () => {
    const recentEvents = [{ userId: 'newcomer', itemId: 'i01', type: 'view' as const, value: null, at: request().now }];
    const answer = rank(index, request({ userId: 'newcomer', recentEvents }), only({ viewingPatterns: 100 }));
    expect(ids(answer).slice(0, 3)).toEqual(['i08', 'i04', 'i02']);
  });
});

describe('text matches kept between requests', () => {
  const words = [...new Set(FIXTURE_ITEMS.flatMap((item) => tokenize(`${item.title} ${item.tags.join(' ')}`)))];
  const asked = (query: string) => request({ query, topK: 8 });

  it('answer a repeated query as a fresh index does, also once more queries than are kept came between', () => {
    const query = `${words[0]} ${words[1]}`;
    const fresh = rank(buildIndex(fixtureInput()), asked(query), DEFAULT_DISCOVERY_SETTINGS);
    expect(fresh.filter((item) => item.contributions.some((contribution) => contribution.evidence.matched)).length).toBeGreaterThan(0);
    const shared = buildIndex(fixtureInput());
    expect(rank(shared, asked(query), DEFAULT_DISCOVERY_SETTINGS)).toStrictEqual(fresh);
    // Every ordered pair of words is a query of its own: more of them than the cache keeps.
    const others = words.flatMap((first) => words.filter((second) => second !== first).map((second) => `${second} ${first}`));
    expect(others.length).toBeGreaterThan(TEXT_CACHE_SIZE);
    for (const other of others) rank(shared, asked(other), DEFAULT_DISCOVERY_SETTINGS);
    expect(rank(shared, asked(query), DEFAULT_DISCOVERY_SETTINGS)).toStrictEqual(fresh);
  });

  it('quote the words of each query, not of an earlier one with the same terms', () => {
    const shared = buildIndex(fixtureInput());
    const matched = (query: string) => rank(shared, asked(query), only({ contentDiscovery: 100 }))[0].contributions[0].evidence.matched;
    expect(matched('trail runners')).toBe('trail runners');
    expect(matched('trail runner')).toBe('trail runner');
  });
});

describe('hard filters', () => {
  it('never serves flagged, unavailable or out-of-stock items, not even as fill or baseline', () => {
    const all = rank(index, request({ topK: 50 }), DEFAULT_DISCOVERY_SETTINGS);
    expect(all).toHaveLength(FIXTURE_ITEMS.length - NEVER_SERVED.length);
    for (const id of NEVER_SERVED) {
      expect(ids(all)).not.toContain(id);
      expect(ids(baseline(index, request({ topK: 50 })))).not.toContain(id);
    }
  });

  it('applies equals, in-list and range filters, and excludes items lacking the field', () => {
    const settings = DEFAULT_DISCOVERY_SETTINGS;
    expect(ids(rank(index, request({ topK: 50, filters: { category: 'hiking' } }), settings)).sort()).toEqual(['i03', 'i10', 'i12']);
    expect(ids(rank(index, request({ topK: 50, filters: { category: ['Kitchen', 'Accessories'] } }), settings)).sort()).toEqual(['i05', 'i11']);
    expect(ids(rank(index, request({ topK: 50, filters: { price: { gte: 60, lt: 125 } } }), settings)).sort()).toEqual(['i01', 'i05', 'i08', 'i10']);
    // Only three items have a color; Headlamp has no delivery_days.
    expect(ids(rank(index, request({ topK: 50, filters: { color: 'red' } }), settings)).sort()).toEqual(['i02', 'i08']);
    expect(ids(rank(index, request({ topK: 50, filters: { delivery_days: { lte: 10 } } }), settings))).not.toContain('i12');
    expect(ids(rank(index, request({ topK: 50, filters: { tags: 'waterproof' } }), settings)).sort()).toEqual(['i03', 'i08']);
    expect(rank(index, request({ filters: { nothing_has_this: 'x' } }), settings)).toEqual([]);
  });

  it('applies the same filters to the baseline', () => {
    expect(ids(baseline(index, request({ filters: { category: 'running' } })))).toEqual(['i01', 'i08', 'i04', 'i02']);
  });
});

describe('scores and fill-up', () => {
  it('makes every score the exact sum of its contributions: positives largest first, then any diversification penalty', () => {
    const answers = [
      rank(index, request({ topK: 20, query: 'trail' }), DEFAULT_DISCOVERY_SETTINGS),
      rank(index, request({ topK: 8 }), only({ genreBased: 100, trustSafety: 60, trendingContent: 30, intentDiversification: 100 })),
    ];
    for (const answer of answers) {
      for (const item of answer) {
        expect(item.score).toBe(item.contributions.reduce((sum, contribution) => sum + contribution.value, 0));
        const positives = item.contributions.filter((contribution) => contribution.value > 0);
        expect(item.relevance).toBe(positives.reduce((sum, contribution) => sum + contribution.value, 0));
        for (const [position, contribution] of positives.entries()) if (position) expect(contribution.value).toBeLessThanOrEqual(positives[position - 1].value);
        const negatives = item.contributions.slice(positives.length);
        expect(negatives.every((contribution) => contribution.signal === 'intentDiversification' && contribution.value < 0)).toBe(true);
        expect(negatives.length).toBeLessThanOrEqual(1);
        expect(item.score).toBeGreaterThan(0);
      }
    }
    // The diversified answer has penalties (else this test would check nothing about them).
    expect(answers[1].some((item) => item.score < item.relevance)).toBe(true);
  });

  it('lists items in the order of the scores served, also when diversification reorders them', () => {
    for (const diversification of [0, 20, 55, 100]) {
      const answer = rank(index, request({ topK: 10 }), only({ genreBased: 100, trustSafety: 60, trendingContent: 30, intentDiversification: diversification }));
      for (let position = 1; position < answer.length; position++) expect(answer[position].score).toBeLessThanOrEqual(answer[position - 1].score);
    }
    // A lowered item names the pick above it that it resembles.
    const diverse = rank(index, request({ topK: 8 }), only({ genreBased: 100, trustSafety: 60, trendingContent: 30, intentDiversification: 100 }));
    const position = diverse.findIndex((item) => item.score < item.relevance);
    expect(position).toBeGreaterThan(0);
    const penalty = diverse[position].contributions.at(-1);
    expect(penalty?.signal).toBe('intentDiversification');
    expect(diverse.slice(0, position).map((item) => item.title)).toContain(penalty?.evidence.likeTitle);
  });

  it('fills up from popular items, labelled popular, below every ranked item and without duplicates', () => {
    const answer = rank(index, request({ topK: 6 }), only({ trendingContent: 100 }));
    expect(answer.map((item) => `${item.id}:${item.source}`)).toEqual(['i11:ranked', 'i10:ranked', 'i03:ranked', 'i01:popular', 'i08:popular', 'i04:popular']);
    expect(new Set(ids(answer)).size).toBe(answer.length);
    const lowestRanked = Math.min(...answer.filter((item) => item.source === 'ranked').map((item) => item.score));
    for (const item of answer.filter((entry) => entry.source === 'popular')) {
      expect(item.contributions.map((contribution) => contribution.signal)).toEqual(['popularity']);
      expect(item.score).toBeLessThanOrEqual(lowestRanked);
    }
  });

  it('labels the baseline and scores it by popularity alone', () => {
    const answer = baseline(index, request());
    expect(answer.map((item) => `${item.id}:${item.source}`)).toEqual(['i11:baseline', 'i01:baseline', 'i03:baseline', 'i08:baseline', 'i04:baseline']);
    expect(answer[0].contributions).toEqual([{ signal: 'popularity', value: 7 / 8, evidence: { interactions: 7 } }]);
  });

  it('caps items per seller by fairExposure', () => {
    const perSeller = (items: RankedItem[]) => {
      const counts = new Map<string, number>();
      for (const item of items) {
        const seller = FIXTURE_ITEMS.find((entry) => entry.id === item.id)?.sellerId ?? item.id;
        counts.set(seller, (counts.get(seller) ?? 0) + 1);
      }
      return Math.max(...counts.values());
    };
    const uncapped = rank(index, request({ topK: 6, filters: { category: ['Running', 'Hiking'] } }), only({ genreBased: 100, trendingContent: 50 }));
    const capped = rank(index, request({ topK: 6, filters: { category: ['Running', 'Hiking'] } }), only({ genreBased: 100, trendingContent: 50, fairExposure: 100 }));
    expect(perSeller(uncapped)).toBeGreaterThan(1);
    expect(perSeller(capped)).toBe(1);
  });

  it('diversifies by category and tags with intentDiversification (MMR)', () => {
    const levers = { genreBased: 100, trustSafety: 60, trendingContent: 30 };
    const plain = rank(index, request({ topK: 3 }), only(levers));
    const diverse = rank(index, request({ topK: 3 }), only({ ...levers, intentDiversification: 100 }));
    expect(ids(plain)).toEqual(['i01', 'i02', 'i04']);
    // Three running items without it; with it, the runner-up intents (hiking, kitchen) come in.
    expect(ids(diverse)).toEqual(['i01', 'i03', 'i05']);
    const categories = (items: RankedItem[]) => new Set(items.map((item) => item.category)).size;
    expect(categories(diverse)).toBeGreaterThan(categories(plain));
  });
});

describe('what the person already has', () => {
  const served = (answer: RankedItem[]) => new Set(ids(answer));

  it('never serves an item the person had an event of a consuming type with, ranked, filled in or as baseline', () => {
    // alice bought Running Socks (i04) and viewed Road Runner and Trail Runner.
    const all = ['contentDiscovery', 'viewingPatterns', 'genreBased', 'trendingContent', 'priceElasticity'] as const;
    for (const lever of all) {
      const answer = rank(index, request({ topK: 10, consumedTypes: ['purchase'] }), only({ [lever]: 100 }));
      expect(answer.length).toBeGreaterThan(0);
      expect(served(answer).has('i04')).toBe(false);
    }
    expect(served(rank(index, request({ topK: 10 }), only({ genreBased: 100 }))).has('i04')).toBe(true);
    expect(served(baseline(index, request({ topK: 10, consumedTypes: ['purchase'] }))).has('i04')).toBe(false);
    // A view consumes only when the settings say so.
    const viewsToo = rank(index, request({ topK: 10, consumedTypes: ['purchase', 'view'] }), only({ genreBased: 100 }));
    expect([...served(viewsToo)].filter((id) => ['i01', 'i02', 'i04'].includes(id))).toEqual([]);
    // Twelve items, three never served, alice's three excluded: six left, the fill tops up to them all.
    expect(viewsToo).toHaveLength(6);
  });

  it('excludes items consumed in events newer than the snapshot, and the ids a request names', () => {
    const fresh = [{ userId: 'alice', itemId: 'i08', type: 'purchase' as const, value: null, at: NOW - 1000 }];
    const answer = rank(index, request({ topK: 10, consumedTypes: ['purchase'], recentEvents: fresh, excludeItems: ['i11', 'unknown-id'] }), only({ viewingPatterns: 100 }));
    expect(served(answer).has('i08')).toBe(false);
    expect(served(answer).has('i11')).toBe(false);
    expect(served(answer).has('i04')).toBe(false);
    // No consuming types: everything the filters allow may come back.
    expect(served(rank(index, request({ topK: 10, consumedTypes: [], recentEvents: fresh }), only({ viewingPatterns: 100 }))).has('i08')).toBe(true);
  });
});

describe('determinism', () => {
  it('breaks ties by the customer’s ids, never by the order records were stored in', () => {
    // Two people whose events share one instant: which of their items is "the most recent" is the higher id.
    const at = NOW - 3_600_000;
    const tied: Interaction[] = [
      { userId: 'zoe', itemId: 'i03', type: 'view' as const, value: null, at },
      { userId: 'zoe', itemId: 'i05', type: 'view' as const, value: null, at },
      { userId: 'yann', itemId: 'i05', type: 'view' as const, value: null, at },
    ];
    const forwards = buildIndex(fixtureInput({ events: [...fixtureInput().events, ...tied] }));
    const backwards = buildIndex(fixtureInput({ events: [...tied].reverse().concat([...fixtureInput().events].reverse()) }));
    for (const user of ['zoe', 'yann', 'alice']) {
      const ask = request({ userId: user, topK: 8, consumedTypes: ['purchase'] });
      expect(rank(backwards, ask, DEFAULT_DISCOVERY_SETTINGS)).toEqual(rank(forwards, ask, DEFAULT_DISCOVERY_SETTINGS));
    }
  });

  it('gives identical answers for identical input, twice, and after a structured clone of the index', () => {
    const ask = request({ query: 'running trail', topK: 8, metadata: { region: 'DE' } });
    const first = rank(index, ask, DEFAULT_DISCOVERY_SETTINGS);
    expect(rank(index, ask, DEFAULT_DISCOVERY_SETTINGS)).toEqual(first);
    expect(rank(buildIndex(fixtureInput()), ask, DEFAULT_DISCOVERY_SETTINGS)).toEqual(first);
    expect(rank(structuredClone(index), ask, DEFAULT_DISCOVERY_SETTINGS)).toEqual(first);
    // Input order does not matter either.
    const shuffled = buildIndex(fixtureInput({ items: [...FIXTURE_ITEMS].reverse(), events: [...fixtureInput().events].reverse() }));
    expect(rank(shuffled, ask, DEFAULT_DISCOVERY_SETTINGS)).toEqual(first);
  });
});
