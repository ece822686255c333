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
        "1: b4b6bcdbdd4ba83c45c826fae9ca5312",
        "2: 58cbbf0ca76fee84d4078586552bcecd",
        "3: 384dcb86a700adce9ffb159add471f81",
        "4: 0f0f91534d2d8e794bdae6c04ab84a66",
        "5: 63c6b6100706dc049eb5d3c13c351cb8",
        "6: 91f978465c45ff76983fc82c4968f73a",
        "7: befcea3a35aa70947f22a0b54bcea1ec",
        "8: d0a7f0472fb688c94d17704321c2fb65",
        "9: 3d2020a4a6403c8c32caef8cd2ebebc7",
        "10: 522daaac56dbb5e60eaa4273a9e46f7a",
        "11: 31a51ab4a4efd7610a70d74275fe34f2",
        "12: 37bcf34c67fd3ecd7573af8b97524551",
        "13: 03177ac44d357249159cda0b347c5b7a",
        "14: 081fd1a233b9f0708e0e878eb668db9b",
        "15: 2d08f71c521844b41bdcc0c745e6fb93",
        "16: c2fe11e1066bfbf2c53f5e93b0e23136",
        "17: d0bb438c2039d1f5351e7b9f3f69c800",
        "18: f24959dd13f6336f2bb341444fdaf05b",
        "19: f72e2a1a74eb2bade6b82e606a8fd387",
        "20: 169bfb2fcf0b20fff0ddea3031c2c059",
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
