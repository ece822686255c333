/**
 * rank reads arrays precomputed with the snapshot (serving.ts) and per-request scratch buffers. On
 * random catalogues, people and requests (queries, filters, regions, custom attributes, fresh
 * events, any lever settings) it must answer exactly what the ranking computed straight from the
 * index's plain fields answered: the recorded digests below are of those answers (items, scores,
 * contributions and evidence). A change that moves any answer changes a digest; record new ones
 * (`vitest -u`) only for a change meant to rank differently.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DISCOVERY_LEVERS, type DiscoveryLever } from '@domain/models/settings';
import { buildIndex } from './build';
import { rank } from './rank';
import type { CatalogueItem, Interaction, RankRequest, SnapshotInput } from './types';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1, 12);
const WORDS = ['oak', 'table', 'tables', 'linen', 'lamp', 'lamps', 'ceramic', 'vase', 'copper', 'kettle', 'the', 'running', 'shoes', 'shoe', 'trail'];
const CATEGORIES = ['Kitchen', 'kitchen ', 'Bath', 'Garden', '  ', 'Office'];
const TAGS = ['Oak', 'oak', 'linen', 'Sale', 'new', 'eco', ' ', 'brass', 'glass'];
const REGIONS = ['US-West', 'us-east', 'EU', 'Asia'];
const EVENT_TYPES = ['view', 'click', 'add_to_cart', 'purchase', 'conversion', 'rating'] as const;

function random32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function world(seed: number) {
  const random = random32(seed);
  const pick = <T,>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  const some = <T,>(values: readonly T[], most: number) => Array.from({ length: Math.floor(random() * (most + 1)) }, () => pick(values));
  const maybe = <T,>(value: T, share = 0.7) => (random() < share ? value : null);
  const itemCount = 40 + Math.floor(random() * 160);
  const items: CatalogueItem[] = Array.from({ length: itemCount }, (_, index) => {
    const tags = some(TAGS, 3);
    const category = maybe(pick(CATEGORIES));
    const price = maybe(Math.round(random() * 500));
    return {
      id: `item-${Math.floor(random() * 1000)}-${index}`,
      title: some(WORDS, 4).join(' '),
      description: some(WORDS, 8).join(' '),
      category,
      tags,
      genres: some(['Scandi', 'Rustic', 'scandi', 'Modern'], 2),
      price,
      createdAt: maybe(NOW - Math.floor(random() * 60) * DAY),
      available: random() < 0.95,
      stock: maybe(Math.floor(random() * 20)),
      sellerId: maybe(`seller-${Math.floor(random() * 8)}`),
      rating: maybe(1 + random() * 4, 0.5),
      ratingCount: Math.floor(random() * 40),
      flagged: random() < 0.03,
      deliveryDays: maybe(Math.floor(random() * 9)),
      regions: some(REGIONS, 2),
      fields: { category, price, tags, colour: pick(['red', 'blue', 'Green']), size: Math.floor(random() * 4) },
    };
  });
  const users = Array.from({ length: 5 + Math.floor(random() * 30) }, (_, index) => `user-${index}`);
  const event = (): Interaction => {
    const type = pick(EVENT_TYPES);
    return { userId: pick(users), itemId: pick(items).id, type, value: type === 'rating' ? 1 + Math.floor(random() * 5) : null, at: NOW - Math.floor(random() * 10 * DAY) };
  };
  const events = Array.from({ length: 200 + Math.floor(random() * 1500) }, event);
  const impressions: Record<string, number> = {};
  for (const item of items) if (random() < 0.5) impressions[item.id] = Math.floor(random() * 300);
  const input: SnapshotInput = { items, events, impressions, now: NOW };

  const requests = Array.from({ length: 25 }, (): { request: RankRequest; discovery: Record<DiscoveryLever, number> } => {
    const filters: RankRequest['filters'] = {};
    if (random() < 0.3) filters.price = { lte: Math.round(random() * 500) };
    if (random() < 0.2) filters.category = pick(CATEGORIES);
    if (random() < 0.1) filters.tags = ['oak', 'sale'];
    const withAttributes = random() < 0.3;
    const discovery = Object.fromEntries(DISCOVERY_LEVERS.map((lever) => [lever, random() < 0.2 ? 0 : Math.round(random() * 100)])) as Record<DiscoveryLever, number>;
    return {
      discovery,
      request: {
        query: random() < 0.6 ? some(WORDS, 3).join(' ') : '',
        topK: 1 + Math.floor(random() * 25),
        filters,
        userId: random() < 0.8 ? pick([...users, 'stranger']) : null,
        metadata: random() < 0.4 ? { region: pick([...REGIONS, ' us-west ', 'Mars']), channel: 'web' } : {},
        customAttributes: withAttributes ? { colour: pick(['red', 'BLUE']), size: [1, 2] } : {},
        customAttributeTypes: withAttributes ? { colour: 'string', size: 'array' } : {},
        recentEvents: Array.from({ length: random() < 0.5 ? Math.floor(random() * 6) : 0 }, event),
        now: NOW + Math.floor(random() * DAY),
      },
    };
  });
  return { input, requests };
}

describe('rank on precomputed arrays', () => {
  it('answers what the straightforward ranking answered, on random catalogues and requests', () => {
    let compared = 0;
    let ranked = 0;
    const digests: string[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const { input, requests } = world(seed);
      const index = buildIndex(input);
      const digest = createHash('sha256');
      for (const { request, discovery } of requests) {
        const answer = rank(index, request, discovery);
        digest.update(JSON.stringify(answer));
        compared++;
        ranked += answer.filter((item) => item.source === 'ranked').length;
      }
      digests.push(`${seed}: ${digest.digest('hex').slice(0, 32)}`);
    }
    // The comparison means something only if the random requests really rank items.
    expect(compared).toBe(500);
    expect(ranked).toBeGreaterThan(1_000);
    expect(digests).toMatchInlineSnapshot(`
      [
        "1: 9b77d82ee71a6223dcde6792a8ab5eb1",
        "2: a034d4611ceed1cebe2fe7977dfd5cb0",
        "3: b06d33c76d9b45d81cbce3791ae73123",
        "4: a0e5cd656fb07116b78db7d774e43777",
        "5: d85344ff9730f361081bdbbbebd06d65",
        "6: cb8ed0b64369dc2c699cf8acae4069ba",
        "7: c742075108e4227299d6b40a373a29a9",
        "8: 3a9a0a70e2f645c7a083f28c5af80f3c",
        "9: 0afea9c3739e461e2f9e834e8a8cb4c8",
        "10: 424da69aa49fdca6e47abeea0f7854ac",
        "11: c40d561b05935dfc62e3f4cfee909768",
        "12: 16383477f972e10d76558ecfeb9b0886",
        "13: 14e349b002c2a348b55008e713dfee0f",
        "14: 65f77ee4f552dc9316cd2b11b8111dc8",
        "15: 7c2f5e5321a15fbdbe53d26200f79c93",
        "16: 9c0f42e860a392797235e82115668b83",
        "17: c2cbe8aa6dea645aae0851d0dce93716",
        "18: 6f73acb51e046cc19d8bd04c3dc5cfcc",
        "19: 28d534c2ac430d521cd22706845a9e0c",
        "20: b675e5186083358f53714953bb973293",
      ]
    `);
  }, 60_000);

  it('leaves its reused buffers clean: the same request answers the same after any others', () => {
    const { input, requests } = world(99);
    const index = buildIndex(input);
    const first = requests.map(({ request, discovery }) => rank(index, request, discovery));
    const again = [...requests].reverse().map(({ request, discovery }) => rank(index, request, discovery)).reverse();
    expect(again).toStrictEqual(first);
  });
});
