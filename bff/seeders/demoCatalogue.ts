/**
 * The demo companies' recommendation data, as their integrations would have sent it to the
 * prediction API: a catalogue of a few thousand items with the attributes the Discovery levers
 * read (sellers, stock, ratings, delivery, regions, genres), and a month of interactions with the
 * structure real traffic has — people keep to a few genres and a price band, browse in sessions of
 * related items, and a handful of items are trending today. Deterministic for a given day.
 */
import type { EventInput, EventType, ItemInput } from '@domain/prediction/contract';
import { randomSource } from '@domain/random';

type Random = () => number;
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface CatalogueProfile {
  seed: number;
  items: number;
  events: number;
  /** The people of the company's customer list (demoRows' ids), who also act here. */
  userPrefix: string;
  users: number;
  itemPrefix: string;
  categories: Record<string, { qualifiers: readonly string[]; nouns: readonly string[]; price: [number, number] }>;
  genres: readonly string[];
  sellers: readonly string[];
  regions: readonly string[];
  /** Event types with their weights. */
  mix: ReadonlyArray<[EventType, number]>;
  describe: (title: string, category: string, genre: string, seller: string) => string;
  /** Whether stock means slots (appointments) rather than units. */
  deliveryField: 'shipping' | 'next_slot';
}

const PROFILES: Record<'acme' | 'globex', CatalogueProfile> = {
  acme: {
    seed: 0x5eed_ac,
    items: 3_000,
    events: 100_000,
    userPrefix: 'AC',
    users: 2_400,
    itemPrefix: 'ACM',
    categories: {
      Kitchen: { qualifiers: ['Cast Iron', 'Stainless', 'Enamel', 'Copper', 'Ceramic', 'Walnut', 'Matte Black', 'Professional'], nouns: ['Skillet', 'Chef Knife', 'Dutch Oven', 'Espresso Maker', 'Cutting Board', 'Spice Rack', 'Stand Mixer', 'Saucepan', 'Knife Block', 'Kettle'], price: [14, 420] },
      Bedding: { qualifiers: ['Linen', 'Percale', 'Sateen', 'Wool', 'Organic Cotton', 'Down', 'Bamboo', 'Flannel'], nouns: ['Duvet Cover', 'Pillow', 'Weighted Blanket', 'Sheet Set', 'Throw', 'Quilt', 'Mattress Topper'], price: [25, 380] },
      Bath: { qualifiers: ['Waffle', 'Turkish Cotton', 'Teak', 'Terry', 'Linen', 'Bamboo', 'Stone'], nouns: ['Towel Set', 'Bath Mat', 'Shower Stool', 'Robe', 'Soap Dish', 'Laundry Hamper'], price: [9, 160] },
      Lighting: { qualifiers: ['Brass', 'Ceramic', 'Rattan', 'Glass', 'Matte Black', 'Paper', 'Marble', 'LED'], nouns: ['Floor Lamp', 'Table Lamp', 'Pendant Light', 'Desk Lamp', 'Wall Sconce', 'String Lights'], price: [19, 540] },
      Furniture: { qualifiers: ['Oak', 'Walnut', 'Rattan', 'Velvet', 'Teak', 'Pine', 'Steel', 'Bouclé'], nouns: ['Side Table', 'Reading Chair', 'Bookshelf', 'Bar Stool', 'Entryway Bench', 'Coffee Table', 'Dresser', 'Sofa'], price: [60, 1_900] },
      Decor: { qualifiers: ['Stoneware', 'Jute', 'Brass', 'Velvet', 'Terracotta', 'Glass', 'Woven', 'Marble'], nouns: ['Vase', 'Wall Mirror', 'Rug', 'Framed Print', 'Candle', 'Planter', 'Clock', 'Cushion'], price: [8, 320] },
      Outdoor: { qualifiers: ['Teak', 'Cedar', 'Weatherproof', 'Solar', 'Steel', 'Acacia', 'Rope'], nouns: ['Patio Lantern', 'Planter Box', 'Hammock', 'Fire Pit', 'Deck Chair', 'Parasol'], price: [22, 780] },
    },
    genres: ['Scandinavian', 'Mid-Century', 'Industrial', 'Coastal', 'Farmhouse', 'Minimalist', 'Bohemian', 'Classic'],
    sellers: [
      'Nordic Home Co', 'Hearth & Oak', 'Lumen Works', 'Coastline Living', 'Prairie Goods', 'Kiln Studio', 'Urban Loft Supply',
      'Willow & Thread', 'Copperleaf', 'Atelier Nord', 'Mesa Outdoor', 'Blue Fern Bath', 'Fjord Textiles', 'Maple Row', 'Ironbridge',
      'Sunday Table', 'Northlight', 'Terra Verde', 'Harbor Mill', 'Aster & Vine', 'Little Lamp Co', 'Granite Peak', 'Oakhaven',
      'Meadow Lane', 'Pebble & Pine', 'Quarry House', 'Riverbend', 'Saltbox', 'Tidewater', 'Velvet Fox',
    ],
    regions: ['US-Midwest', 'US-Northeast', 'US-South', 'US-West'],
    mix: [
      ['view', 68],
      ['click', 12],
      ['add_to_cart', 9],
      ['purchase', 5],
      ['rating', 4],
      ['conversion', 2],
    ],
    describe: (title, category, genre, seller) => `${title} in a ${genre.toLowerCase()} style, made by ${seller}. ${category} essentials for every home.`,
    deliveryField: 'shipping',
  },
  globex: {
    seed: 0x5eed_6b,
    items: 2_000,
    events: 100_000,
    userPrefix: 'GX',
    users: 1_800,
    itemPrefix: 'GLX',
    categories: {
      'Primary Care': { qualifiers: ['Adult', 'Pediatric', 'Senior', 'Family', 'Evening', 'Weekend'], nouns: ['Annual Physical', 'Same-Day Visit', 'Chronic Care Check-in', 'Vaccination', 'Blood Pressure Review'], price: [0, 220] },
      Diagnostics: { qualifiers: ['Express', 'Comprehensive', 'Pediatric', 'Follow-up', 'Weekend', 'Standard'], nouns: ['Blood Panel', 'MRI Scan', 'X-Ray', 'Allergy Test', 'Sleep Study', 'Ultrasound'], price: [40, 900] },
      Telehealth: { qualifiers: ['Evening', 'Express', 'Follow-up', 'Introductory', 'Weekend', 'Extended'], nouns: ['Video Consultation', 'Prescription Renewal', 'Therapy Session', 'Nutrition Coaching', 'Dermatology Photo Review'], price: [0, 180] },
      Wellness: { qualifiers: ['Introductory', 'Extended', 'Group', 'Private', 'Evening', 'Senior'], nouns: ['Physiotherapy Session', 'Yoga for Back Pain', 'Smoking Cessation Program', 'Diabetes Workshop', 'Mindfulness Course'], price: [0, 260] },
      Articles: { qualifiers: ['A Short', 'The Complete', 'A Family', 'A Senior’s', 'Your First', 'The 2026'], nouns: ['Guide to Cholesterol', 'Sleep Hygiene Guide', 'Seasonal Allergies Explained', 'Heart Health Basics', 'Preparing for Your Visit', 'Understanding Lab Results'], price: [0, 0] },
    },
    genres: ['Cardiology', 'Dermatology', 'Orthopedics', 'Mental Health', 'Nutrition', 'Pediatrics', 'Sleep Medicine', 'Endocrinology'],
    sellers: [
      'Globex Lakeview Clinic', 'Globex Riverside Clinic', 'Globex North Shore', 'Globex Downtown', 'Globex Oak Park', 'Globex Telehealth',
      'Globex Evanston', 'Globex Naperville', 'Globex Wellness Center', 'Globex Imaging Center', 'Globex Heart Institute', 'Globex Kids',
    ],
    regions: ['Chicago', 'North Suburbs', 'West Suburbs', 'Online'],
    mix: [
      ['view', 62],
      ['click', 16],
      ['add_to_cart', 8],
      ['conversion', 8],
      ['rating', 4],
      ['purchase', 2],
    ],
    describe: (title, category, genre, seller) => `${title} (${genre.toLowerCase()}) at ${seller}. ${category} from Globex Health.`,
    deliveryField: 'next_slot',
  },
};

export interface DemoCatalogue {
  items: ItemInput[];
  events: EventInput[];
}

function catalogue(profile: CatalogueProfile, random: Random, today: number): ItemInput[] {
  const categories = Object.entries(profile.categories);
  // A few sellers joined in the last fortnight: the cold-start lever has someone to help.
  const sellerSince = new Map(profile.sellers.map((seller, index) => [seller, index >= profile.sellers.length - 3 ? between(random, 2, 14) : between(random, 90, 900)]));
  const items: ItemInput[] = [];
  for (let index = 0; index < profile.items; index++) {
    const [category, { qualifiers, nouns, price }] = categories[index % categories.length]!;
    const noun = pick(random, nouns);
    const qualifier = pick(random, qualifiers);
    const genre = pick(random, profile.genres);
    const seller = pick(random, profile.sellers);
    const title = `${qualifier} ${noun}`;
    const ageDays = Math.min(sellerSince.get(seller)!, between(random, 1, 600));
    const rated = random() < 0.8;
    items.push({
      id: `${profile.itemPrefix}-${String(10_001 + index)}`,
      title,
      description: profile.describe(title, category, genre, seller),
      category,
      tags: [category.toLowerCase(), genre.toLowerCase(), noun.toLowerCase(), ...(random() < 0.2 ? ['bestseller'] : []), ...(ageDays < 30 ? ['new'] : [])],
      genres: [genre, ...(random() < 0.25 ? [pick(random, profile.genres)] : [])].filter((value, position, all) => all.indexOf(value) === position),
      price: price[1] === 0 ? 0 : Math.round((price[0] + Math.pow(random(), 1.8) * (price[1] - price[0])) * 100) / 100,
      available: random() > 0.02,
      stock: random() < 0.05 ? 0 : between(random, 1, profile.deliveryField === 'shipping' ? 240 : 40),
      seller_id: seller,
      rating: rated ? Math.round((3 + Math.pow(random(), 0.6) * 2) * 10) / 10 : undefined,
      rating_count: rated ? between(random, 1, 900) : 0,
      flagged: random() < 0.004,
      delivery_days: between(random, 1, profile.deliveryField === 'shipping' ? 12 : 21),
      regions: profile.regions.filter(() => random() < 0.6).concat(random() < 0.3 ? [] : [pick(random, profile.regions)]).filter((value, position, all) => all.indexOf(value) === position),
      created_at: new Date(today - ageDays * DAY_MS).toISOString(),
    });
  }
  return items;
}

function interactions(profile: CatalogueProfile, random: Random, now: number, items: readonly ItemInput[]): EventInput[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  // Items grouped by genre and category: a session browses one of these shelves.
  const shelves = new Map<string, ItemInput[]>();
  for (const item of items) {
    if (item.flagged) continue;
    const shelf = `${item.genres![0]}|${item.category}`;
    shelves.set(shelf, [...(shelves.get(shelf) ?? []), item]);
  }
  const shelfNames = [...shelves.keys()];
  const trending = items.filter((item) => !item.flagged && item.stock !== 0).filter((_, index) => index % 211 === 7).slice(0, 8);
  const weights = profile.mix.reduce((sum, [, weight]) => sum + weight, 0);
  const type = (): EventType => {
    let roll = random() * weights;
    for (const [name, weight] of profile.mix) {
      roll -= weight;
      if (roll < 0) return name;
    }
    return 'view';
  };
  const events: EventInput[] = [];
  let sequence = 0;
  while (events.length < profile.events) {
    const person = between(random, 1, random() < 0.6 ? Math.floor(profile.users / 5) : profile.users);
    const userId = `${profile.userPrefix}-${String(100_000 + person)}`;
    // Each person keeps to two shelves of their own (a stable choice per person).
    const personal = randomSource(profile.seed ^ person);
    const shelf = shelves.get(shelfNames[Math.floor(personal() * shelfNames.length)]!)!;
    const second = shelves.get(shelfNames[Math.floor(personal() * shelfNames.length)]!)!;
    const daysAgo = Math.pow(random(), 1.3) * 30;
    let time = today - daysAgo * DAY_MS + between(random, 7, 22) * HOUR_MS;
    const length = between(random, 2, 8);
    for (let step = 0; step < length && events.length < profile.events; step++) {
      const inTrend = daysAgo < 1 && random() < 0.35;
      const item = inTrend ? pick(random, trending) : pick(random, random() < 0.75 ? shelf : second);
      const kind = type();
      time += between(random, 20, 600) * 1000;
      // Nothing in the future: today's later sessions have not happened yet.
      if (time >= now) break;
      sequence += 1;
      events.push({
        event_id: `${profile.userPrefix}-EV-${String(sequence).padStart(7, '0')}`,
        user_id: userId,
        item_id: item.id,
        type: kind,
        value: kind === 'rating' ? between(random, 3, 5) : kind === 'purchase' || kind === 'conversion' ? (item.price ?? 0) : null,
        timestamp: new Date(time).toISOString(),
      });
    }
  }
  return events.sort((a, b) => a.timestamp!.localeCompare(b.timestamp!) || a.event_id.localeCompare(b.event_id));
}

/** The catalogue and a month of interactions; `scale` (0 to 1) keeps that share of the interactions. */
export function demoCatalogue(company: 'acme' | 'globex', now: number = Date.now(), scale = 1): DemoCatalogue {
  const profile = { ...PROFILES[company], events: Math.max(1, Math.round(PROFILES[company].events * scale)) };
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const random = randomSource(profile.seed);
  const items = catalogue(profile, random, today);
  return { items, events: interactions(profile, random, now, items) };
}
