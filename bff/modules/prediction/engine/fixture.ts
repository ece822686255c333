/**
 * A small hand-made shop for the engine's tests: twelve items and a few people whose behaviour makes
 * each signal's winner known in advance. "alice" runs: she viewed Road Runner and Trail Runner and
 * bought Running Socks; other runners viewed Trail Runner together with Trail Running Jacket.
 */
import { DISCOVERY_LEVERS, type DiscoveryLever } from '@domain/models/settings';
import type { CatalogueItem, Interaction, RankRequest, SnapshotInput } from './types';

export const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function item(overrides: Partial<CatalogueItem> & Pick<CatalogueItem, 'id' | 'title'>): CatalogueItem {
  const base: CatalogueItem = {
    description: '',
    category: null,
    tags: [],
    genres: [],
    price: null,
    createdAt: NOW - 200 * DAY,
    available: true,
    stock: null,
    sellerId: null,
    rating: null,
    ratingCount: 0,
    flagged: false,
    deliveryDays: null,
    regions: [],
    fields: {},
    ...overrides,
  };
  // Items keep every field as stored, the way the BFF hands them over.
  base.fields = {
    item_id: base.id,
    title: base.title,
    category: base.category,
    price: base.price,
    tags: base.tags,
    stock: base.stock,
    seller_id: base.sellerId,
    delivery_days: base.deliveryDays,
    ...overrides.fields,
  };
  return base;
}

export const FIXTURE_ITEMS: CatalogueItem[] = [
  item({
    id: 'i01',
    title: 'Trail Runner',
    description: 'A light running shoe for rough trails.',
    category: 'Running',
    tags: ['trail', 'running'],
    genres: ['Running'],
    price: 120,
    sellerId: 's1',
    rating: 4.6,
    ratingCount: 120,
    stock: 84,
    deliveryDays: 2,
    regions: ['DE', 'FR'],
    fields: { color: 'blue' },
  }),
  item({
    id: 'i02',
    title: 'Road Runner',
    description: 'Cushioned running shoes for the road.',
    category: 'Running',
    tags: ['road', 'running'],
    genres: ['Running'],
    price: 125,
    sellerId: 's1',
    rating: 4.0,
    ratingCount: 10,
    stock: 2,
    deliveryDays: 5,
    regions: ['DE'],
    fields: { color: 'red' },
  }),
  item({
    id: 'i03',
    title: 'Waterproof Hiking Boot',
    description: 'Leather boot that keeps feet dry on long hikes.',
    category: 'Hiking',
    tags: ['waterproof', 'hiking'],
    genres: ['Outdoor'],
    price: 180,
    sellerId: 's2',
    rating: 4.8,
    ratingCount: 300,
    stock: 12,
    deliveryDays: 3,
    regions: ['FR'],
  }),
  item({
    id: 'i04',
    title: 'Running Socks',
    description: 'Breathable socks.',
    category: 'Running',
    tags: ['running', 'socks'],
    genres: ['Running'],
    price: 12,
    sellerId: 's3',
    stock: 500,
    deliveryDays: 1,
    regions: ['DE'],
    createdAt: NOW - 5 * DAY,
  }),
  item({
    id: 'i05',
    title: 'Chef Knife',
    description: 'Carbon steel kitchen knife.',
    category: 'Kitchen',
    tags: ['knife', 'steel'],
    genres: ['Cooking'],
    price: 60,
    sellerId: 's4',
    rating: 3.2,
    ratingCount: 40,
    stock: 30,
  }),
  item({ id: 'i06', title: 'Cast Iron Pan', category: 'Kitchen', tags: ['pan'], genres: ['Cooking'], price: 45, sellerId: 's4', rating: 4.4, ratingCount: 15, stock: 0 }),
  item({ id: 'i07', title: 'Miracle Running Pill', category: 'Running', tags: ['running'], genres: ['Running'], price: 20, sellerId: 's5', stock: 99, flagged: true }),
  item({
    id: 'i08',
    title: 'Trail Running Jacket',
    description: 'Waterproof shell for running in the rain.',
    category: 'Running',
    tags: ['trail', 'jacket', 'waterproof'],
    genres: ['Running', 'Outdoor'],
    price: 95,
    sellerId: 's2',
    stock: 7,
    deliveryDays: 4,
    regions: ['DE'],
    fields: { color: 'red', size: ['S', 'M'] },
  }),
  item({ id: 'i09', title: 'Yoga Mat', category: 'Fitness', tags: ['yoga'], genres: ['Fitness'], price: 30, sellerId: 's5', stock: 40, available: false }),
  item({
    id: 'i10',
    title: 'Trekking Poles',
    description: 'Folding poles for steep hikes.',
    category: 'Hiking',
    tags: ['hiking', 'poles'],
    genres: ['Outdoor'],
    price: 70,
    sellerId: 's2',
    stock: 20,
    deliveryDays: 2,
    regions: ['FR'],
    createdAt: NOW - 10 * DAY,
  }),
  item({
    id: 'i11',
    title: 'Water Bottle',
    description: 'Steel bottle that keeps drinks cold.',
    category: 'Accessories',
    tags: ['bottle'],
    genres: ['Fitness'],
    price: 15,
    sellerId: 's6',
    stock: 200,
    deliveryDays: 1,
    regions: ['DE', 'FR'],
  }),
  item({ id: 'i12', title: 'Headlamp', description: 'Bright lamp for night runs.', category: 'Hiking', tags: ['lamp'], genres: ['Outdoor'], price: 35 }),
];

const event = (userId: string, itemId: string, hoursAgo: number, type: Interaction['type'] = 'view', value: number | null = null): Interaction => ({
  userId,
  itemId,
  type,
  value,
  at: NOW - hoursAgo * HOUR,
});

export const FIXTURE_EVENTS: Interaction[] = [
  // alice, the runner the tests recommend for.
  event('alice', 'i04', 5 * 24, 'purchase', 12),
  event('alice', 'i02', 3 * 24),
  event('alice', 'i01', 30),
  // Runners who viewed Trail Runner and Trail Running Jacket together (three of them), one also the socks.
  event('bob', 'i01', 8 * 24),
  event('bob', 'i08', 8 * 24 - 1),
  event('bob', 'i04', 8 * 24 - 2),
  event('carol', 'i01', 7 * 24),
  event('carol', 'i08', 7 * 24 - 1),
  event('dave', 'i01', 6 * 24),
  event('dave', 'i08', 6 * 24 - 1),
  // A hiker who viewed Trail Runner and the boot.
  event('erin', 'i01', 5 * 24),
  event('erin', 'i03', 5 * 24 - 1),
  event('erin', 'i03', 4 * 24, 'rating', 5),
  // The boot sells steadily, one view a day.
  event('frank', 'i03', 2 * 24),
  event('grace', 'i03', 3 * 24),
  event('frank', 'i03', 10),
  // Water Bottle trends: six views in the last day after one the week before.
  event('frank', 'i11', 1),
  event('grace', 'i11', 2),
  event('heidi', 'i11', 3),
  event('ivan', 'i11', 4),
  event('judy', 'i11', 5),
  event('karl', 'i11', 6),
  event('karl', 'i11', 4 * 24),
  // Trekking Poles: two views today, none before.
  event('heidi', 'i10', 8),
  event('ivan', 'i10', 12),
  // Cooks.
  event('judy', 'i05', 20 * 24),
  event('judy', 'i06', 20 * 24 - 1),
  // The flagged pill and the yoga mat are popular but may never be served.
  ...['bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan'].map((user, order) => event(user, 'i07', 15 * 24 + order)),
  ...['bob', 'carol', 'dave', 'erin', 'frank'].map((user, order) => event(user, 'i09', 16 * 24 + order)),
];

/** Times each item was served recently: seller s1 has been shown far beyond its share. */
export const FIXTURE_IMPRESSIONS: Record<string, number> = { i01: 500, i02: 300, i03: 60, i05: 20, i08: 40, i10: 5, i11: 30 };

export function fixtureInput(overrides: Partial<SnapshotInput> = {}): SnapshotInput {
  return { items: FIXTURE_ITEMS, events: FIXTURE_EVENTS, impressions: FIXTURE_IMPRESSIONS, now: NOW, ...overrides };
}

export function request(overrides: Partial<RankRequest> = {}): RankRequest {
  return {
    query: '',
    topK: 5,
    filters: {},
    userId: 'alice',
    metadata: {},
    customAttributes: {},
    customAttributeTypes: {},
    recentEvents: [],
    now: NOW,
    ...overrides,
  };
}

/** Every Discovery lever at 0 except the ones given. */
export function only(levers: Partial<Record<DiscoveryLever, number>>): Record<DiscoveryLever, number> {
  const settings = Object.fromEntries(DISCOVERY_LEVERS.map((lever) => [lever, 0])) as Record<DiscoveryLever, number>;
  return { ...settings, ...levers };
}

/**
 * A shop where the right answer is known: four people viewed A, then B, then an item nobody else
 * saw; two more viewed A, then B. Holding out each last interaction, only "people who viewed A also
 * viewed B" can find B for the last two (the others' last items have no history at all). Twelve
 * fillers, each viewed by five one-off visitors, push B out of the ten most popular items.
 */
export function evaluationInput(): SnapshotInput {
  const catalogue = [
    item({ id: 'A', title: 'Anchor' }),
    item({ id: 'B', title: 'Bought next' }),
    ...Array.from({ length: 12 }, (_, filler) => item({ id: `F${String(filler).padStart(2, '0')}`, title: `Filler ${filler}` })),
    ...Array.from({ length: 4 }, (_, person) => item({ id: `X${person}`, title: `Only once ${person}` })),
  ];
  const events: Interaction[] = [];
  for (let person = 0; person < 4; person++) {
    events.push(event(`pair${person}`, 'A', 30 * 24), event(`pair${person}`, 'B', 29 * 24), event(`pair${person}`, `X${person}`, 28 * 24));
  }
  for (const person of ['test0', 'test1']) events.push(event(person, 'A', 20 * 24), event(person, 'B', 19 * 24));
  for (let filler = 0; filler < 12; filler++) {
    for (let visitor = 0; visitor < 5; visitor++) events.push(event(`visitor${filler}-${visitor}`, `F${String(filler).padStart(2, '0')}`, 25 * 24));
  }
  return { items: catalogue, events, impressions: {}, now: NOW };
}
