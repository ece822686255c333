/**
 * The demo companies' business data, generated deterministically: the same rows on every machine
 * for a given day (times count back from the start of the current UTC day, so a fresh start always
 * shows recent activity). Each company gets a customer list, an event history and an item
 * catalogue, shaped like the exports a real company would import.
 */
import { randomSource } from '@domain/random';

type Random = () => number;
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const DAY_MS = 86_400_000;

const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isabella', 'Lucas', 'Mia', 'Levi', 'Amelia', 'Ethan', 'Harper', 'James', 'Evelyn', 'Aiden', 'Abigail', 'Kai', 'Priya', 'Wei', 'Fatima', 'Diego', 'Yuki', 'Kwame', 'Ingrid', 'Omar', 'Chloe', 'Rafael'];
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Lee', 'Patel', 'Nguyen', 'Kim', 'Okafor', 'Schmidt', 'Rossi', 'Silva', 'Cohen', 'Novak', 'Larsen', 'Haddad'];
const CITIES = ['Chicago, IL', 'Evanston, IL', 'Naperville, IL', 'Milwaukee, WI', 'Madison, WI', 'Indianapolis, IN', 'Detroit, MI', 'Minneapolis, MN', 'St. Louis, MO', 'Columbus, OH', 'Boston, MA', 'Cambridge, MA', 'Providence, RI', 'Worcester, MA', 'New York, NY'];
const SOURCES: ReadonlyArray<[source: string, medium: string]> = [
  ['google', 'cpc'],
  ['google', 'organic'],
  ['newsletter', 'email'],
  ['facebook', 'social'],
  ['instagram', 'social'],
  ['direct', '(none)'],
  ['bing', 'organic'],
];
const DEVICES = ['mobile', 'mobile', 'mobile', 'desktop', 'desktop', 'tablet'];

export type DemoRow = Record<string, string>;

export interface DemoFile {
  fileName: string;
  kind: 'people' | 'events' | 'items';
  columns: string[];
  /** Column → unified field. */
  mapping: Record<string, string>;
  keyColumn: string;
  rows: DemoRow[];
}

export interface DemoDataSet {
  people: DemoFile;
  events: DemoFile;
  items: DemoFile;
}

interface Profile {
  key: 'acme' | 'globex';
  seed: number;
  domain: string;
  customers: number;
  events: number;
  idPrefix: string;
  /** Item categories with a few words each for titles. */
  catalogue: Record<string, readonly string[]>;
  itemPrefix: string;
  priceRange: [number, number];
  /** Event types with their weights, the last being the conversion. */
  eventTypes: ReadonlyArray<[type: string, weight: number]>;
  plans: readonly string[];
  files: { people: string; events: string; items: string };
}

const PROFILES: Record<'acme' | 'globex', Profile> = {
  acme: {
    key: 'acme',
    seed: 0xac3e,
    domain: 'acme.example',
    customers: 2_400,
    events: 14_000,
    idPrefix: 'AC',
    itemPrefix: 'SKU',
    catalogue: {
      Kitchen: ['Cast Iron Skillet', 'Chef Knife', 'Dutch Oven', 'Espresso Maker', 'Cutting Board', 'Spice Rack', 'Stand Mixer'],
      Bedding: ['Linen Duvet Cover', 'Down Pillow', 'Weighted Blanket', 'Percale Sheet Set', 'Wool Throw'],
      Bath: ['Waffle Towel Set', 'Bath Mat', 'Teak Shower Stool', 'Cotton Robe'],
      Lighting: ['Brass Floor Lamp', 'Ceramic Table Lamp', 'Pendant Light', 'LED Desk Lamp'],
      Furniture: ['Oak Side Table', 'Reading Chair', 'Bookshelf', 'Bar Stool', 'Entryway Bench'],
      Decor: ['Stoneware Vase', 'Wall Mirror', 'Jute Rug', 'Framed Print', 'Scented Candle'],
      Outdoor: ['Patio Lantern', 'Planter Box', 'Hammock', 'Fire Pit Cover'],
    },
    priceRange: [12, 640],
    eventTypes: [
      ['page_view', 52],
      ['product_view', 26],
      ['add_to_cart', 9],
      ['search', 8],
      ['purchase', 5],
    ],
    plans: ['member', 'member', 'member', 'gold', 'gold', 'platinum', 'none'],
    files: { people: 'acme-customers.csv', events: 'acme-web-events.csv', items: 'acme-product-catalogue.csv' },
  },
  globex: {
    key: 'globex',
    seed: 0x610b,
    domain: 'globex.example',
    customers: 1_800,
    events: 9_000,
    idPrefix: 'GX',
    itemPrefix: 'SVC',
    catalogue: {
      'Primary Care': ['Annual Physical', 'Same-Day Visit', 'Chronic Care Check-in', 'Flu Vaccination'],
      Diagnostics: ['Blood Panel', 'MRI Scan', 'X-Ray', 'Allergy Test', 'Sleep Study'],
      Telehealth: ['Video Consultation', 'Prescription Renewal', 'Mental Health Session', 'Nutrition Coaching'],
      Wellness: ['Physiotherapy Session', 'Yoga for Back Pain', 'Smoking Cessation Program', 'Diabetes Workshop'],
      Articles: ['Understanding Cholesterol', 'Sleep Hygiene Guide', 'Managing Seasonal Allergies', 'Heart Health Basics', 'Preparing for Your Visit'],
    },
    priceRange: [0, 420],
    eventTypes: [
      ['portal_login', 30],
      ['article_view', 28],
      ['service_view', 22],
      ['appointment_request', 12],
      ['appointment_booked', 8],
    ],
    plans: ['self-pay', 'insured', 'insured', 'insured', 'employer plan', 'medicare'],
    files: { people: 'globex-patients.csv', events: 'globex-portal-events.csv', items: 'globex-services.csv' },
  },
};

function isoDay(time: number): string {
  return new Date(time).toISOString();
}

function items(profile: Profile, random: Random): DemoFile {
  const rows: DemoRow[] = [];
  let index = 0;
  for (const [category, names] of Object.entries(profile.catalogue)) {
    for (const name of names) {
      for (const variant of ['', ' Plus', ' Essentials']) {
        index += 1;
        const price = between(random, profile.priceRange[0], profile.priceRange[1]);
        rows.push({
          item_id: `${profile.itemPrefix}-${String(1000 + index)}`,
          title: `${name}${variant}`,
          description: `${name}${variant}: ${category.toLowerCase()} ${profile.key === 'acme' ? 'for every home' : 'at Globex Health clinics'}.`,
          category,
          price: profile.key === 'globex' && category === 'Articles' ? '0' : `${price}.${pick(random, ['00', '50', '95', '99'])}`,
          tags: [category.toLowerCase(), variant ? variant.trim().toLowerCase() : 'classic', pick(random, ['bestseller', 'new', 'seasonal', 'staff pick'])].join(';'),
          created_at: isoDay(Date.UTC(2025, between(random, 0, 11), between(random, 1, 28))),
          available: random() < 0.92 ? 'true' : 'false',
        });
      }
    }
  }
  return {
    fileName: profile.files.items,
    kind: 'items',
    columns: ['item_id', 'title', 'description', 'category', 'price', 'tags', 'created_at', 'available'],
    mapping: { item_id: 'item_id', title: 'title', description: 'description', category: 'category', price: 'price', tags: 'tags', created_at: 'created_at', available: 'available' },
    keyColumn: 'item_id',
    rows,
  };
}

function people(profile: Profile, random: Random, today: number): DemoFile {
  const rows: DemoRow[] = [];
  for (let index = 1; index <= profile.customers; index++) {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const signup = today - between(random, 1, 720) * DAY_MS - between(random, 0, 86_399) * 1000;
    const [source, medium] = pick(random, SOURCES);
    rows.push({
      customer_id: `${profile.idPrefix}-${String(100000 + index)}`,
      email: `${first}.${last}${index}@${pick(random, ['mail.example', 'inbox.example', 'post.example'])}`.toLowerCase(),
      full_name: `${first} ${last}`,
      phone: `+1 ${between(random, 201, 989)} 555 ${String(between(random, 0, 9999)).padStart(4, '0')}`,
      age: String(between(random, 19, 78)),
      city: pick(random, CITIES),
      signup_date: isoDay(signup),
      last_login: isoDay(Math.min(today, signup + between(random, 0, 400) * DAY_MS)),
      plan: pick(random, profile.plans),
      lifetime_value: (random() < 0.2 ? 0 : between(random, 20, 4_800) + random()).toFixed(2),
      utm_source: source,
      utm_medium: medium,
      accepts_marketing: random() < 0.64 ? 'yes' : 'no',
    });
  }
  return {
    fileName: profile.files.people,
    kind: 'people',
    columns: Object.keys(rows[0]!),
    mapping: {
      customer_id: 'user_id',
      email: 'email',
      full_name: 'name',
      phone: 'phone',
      age: 'age',
      city: 'location',
      signup_date: 'created_at',
      last_login: 'last_login',
      plan: 'subscription_status',
      lifetime_value: 'ltv',
      utm_source: 'source',
      utm_medium: 'medium',
      accepts_marketing: 'marketing_opt_in',
    },
    keyColumn: 'customer_id',
    rows,
  };
}

function events(profile: Profile, random: Random, now: number, customers: DemoFile, catalogue: DemoFile): DemoFile {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const weights = profile.eventTypes.reduce((sum, [, weight]) => sum + weight, 0);
  const eventType = () => {
    let roll = random() * weights;
    for (const [type, weight] of profile.eventTypes) {
      roll -= weight;
      if (roll < 0) return type;
    }
    return profile.eventTypes[0]![0];
  };
  // A fifth of the customers do most of the visiting, as in real traffic.
  const regulars = customers.rows.slice(0, Math.floor(customers.rows.length / 5));
  const conversion = profile.eventTypes[profile.eventTypes.length - 1]![0];
  const rows: DemoRow[] = [];
  for (let index = 1; index <= profile.events; index++) {
    const person = random() < 0.6 ? pick(random, regulars) : pick(random, customers.rows);
    // More activity in recent weeks, and more on weekdays.
    const daysAgo = Math.floor(Math.pow(random(), 1.4) * 90);
    const time = today - daysAgo * DAY_MS + between(random, 7 * 3600, 22 * 3600) * 1000;
    const item = pick(random, catalogue.rows);
    const type = eventType();
    const [source] = pick(random, SOURCES);
    rows.push({
      event_id: `EV-${String(1_000_000 + index)}`,
      customer_id: person.customer_id!,
      event: type,
      // An event planned later today than the seed's clock happened at that hour yesterday.
      timestamp: isoDay(time <= now ? time : time - DAY_MS),
      item_id: type.includes('login') || type === 'search' ? '' : item.item_id!,
      session_id: `S-${(index * 7919) % 1_000_003}`,
      page_url: `https://${profile.domain}/${type === 'search' ? 'search' : item.category!.toLowerCase().replace(/\s+/g, '-')}`,
      device: pick(random, DEVICES),
      utm_source: source,
      revenue: type === conversion ? item.price! : '',
      currency: type === conversion ? 'USD' : '',
    });
  }
  rows.sort((a, b) => a.timestamp!.localeCompare(b.timestamp!));
  return {
    fileName: profile.files.events,
    kind: 'events',
    columns: Object.keys(rows[0]!),
    mapping: {
      customer_id: 'user_id',
      event: 'event_type',
      timestamp: 'event_time',
      item_id: 'item_id',
      session_id: 'session_id',
      page_url: 'page_url',
      device: 'device_type',
      utm_source: 'source',
      revenue: 'revenue',
      currency: 'currency',
    },
    keyColumn: 'event_id',
    rows,
  };
}

export function demoDataSet(company: 'acme' | 'globex', now: number = Date.now()): DemoDataSet {
  const profile = PROFILES[company];
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const random = randomSource(profile.seed);
  const catalogue = items(profile, random);
  const customers = people(profile, random, today);
  return { items: catalogue, people: customers, events: events(profile, random, now, customers, catalogue) };
}
