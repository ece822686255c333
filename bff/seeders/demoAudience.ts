/**
 * The demo companies' Audience Intelligence: the anonymous visitors their web analytics would
 * have seen (page views by cookie id, some of whom later sign in as a customer, which joins the
 * visitor to the customer by user id), then every company's unified profiles, built by the real
 * builder from everything seeded. Runs after the seed's transaction, like the prediction records.
 * Deterministic for a given day.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { DEFAULT_MAX_PROFILES_PER_MERGE } from '@domain/audience/contract';
import { catalogueSource } from '@domain/data/catalogue';
import { randomSource } from '@domain/random';
import { DataSource, type Company } from '../entities';
import type { DatabaseKind } from '../platform/sql';
import { buildAudience } from '../modules/audience';
import { recordWriter, type SpooledRecord } from '../modules/dataSources';

const DAY_MS = 86_400_000;
const ANALYTICS_CATALOGUE_ID = 'google-analytics';

interface VisitorProfile {
  seed: number;
  visitors: number;
  /** The customers (demoRows' ids: PREFIX-100001…) a visitor may sign in as. */
  userPrefix: string;
  customers: number;
  domain: string;
  pages: readonly string[];
}

export const DEMO_VISITORS: Record<'acme' | 'globex', VisitorProfile> = {
  acme: { seed: 0xa0d1_e5ce, visitors: 12_000, userPrefix: 'AC', customers: 2_400, domain: 'acme.example', pages: ['', 'kitchen', 'bedding', 'bath', 'lighting', 'furniture', 'decor', 'outdoor', 'sale', 'search'] },
  globex: { seed: 0x610b_e5ce, visitors: 9_000, userPrefix: 'GX', customers: 1_800, domain: 'globex.example', pages: ['', 'pricing', 'features', 'docs', 'blog', 'support', 'integrations', 'book-a-demo'] },
};
/** Share of visitors who sign in as a customer on one of their visits. */
const SIGN_IN_SHARE = 0.1;

export interface VisitorEvent {
  anonymousId: string;
  userId: string | null;
  type: 'page_view' | 'login';
  at: number;
  device: 'mobile' | 'desktop' | 'tablet';
  page: string;
}

/** The visitors' page views (and sign-ins) of one company, oldest first; `scale` (0 to 1) keeps that share of the visitors. */
export function demoVisitorEvents(company: 'acme' | 'globex', now: number, scale = 1): VisitorEvent[] {
  const profile = { ...DEMO_VISITORS[company], visitors: Math.max(1, Math.round(DEMO_VISITORS[company].visitors * scale)) };
  const random = randomSource(profile.seed);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const events: VisitorEvent[] = [];
  for (let visitor = 1; visitor <= profile.visitors; visitor++) {
    const anonymousId = `${profile.userPrefix}-anon-${String(visitor).padStart(6, '0')}`;
    const roll = random();
    const device = roll < 0.55 ? 'mobile' : roll < 0.95 ? 'desktop' : 'tablet';
    // Most visits are recent; a tail reaches back half a year, so some visitors have gone quiet.
    const firstDaysAgo = Math.pow(random(), 2) * 180;
    const visits = 1 + Math.floor(Math.pow(random(), 3) * 6);
    const customer = random() < SIGN_IN_SHARE ? `${profile.userPrefix}-${100_000 + 1 + Math.floor(random() * profile.customers)}` : null;
    for (let visit = 0; visit < visits; visit++) {
      const daysAgo = Math.max(0, firstDaysAgo - visit * (1 + random() * 6));
      const planned = today - Math.floor(daysAgo) * DAY_MS + Math.floor(random() * DAY_MS);
      // A visit planned later today than the seed's clock happened at that hour yesterday: never
      // in the future, and no pile of visits on one instant.
      const at = planned < now - 60_000 ? planned : planned - DAY_MS;
      const page = `https://${profile.domain}/${profile.pages[Math.floor(random() * profile.pages.length)]!}`;
      const signsIn = customer !== null && visit === visits - 1;
      events.push({ anonymousId, userId: signsIn ? customer : null, type: signsIn ? 'login' : 'page_view', at, device, page });
    }
  }
  return events.sort((a, b) => a.at - b.at || (a.anonymousId < b.anonymousId ? -1 : a.anonymousId > b.anonymousId ? 1 : 0));
}

async function insertVisitors(em: EntityManager, key: 'acme' | 'globex', company: Company, createdById: string | null, now: Date, scale: number): Promise<number> {
  const events = demoVisitorEvents(key, now.getTime(), scale);
  const analytics = catalogueSource(ANALYTICS_CATALOGUE_ID)!;
  const source = em.create(DataSource, {
    companyId: company.id,
    name: analytics.name,
    description: analytics.description,
    type: analytics.category,
    catalogueId: analytics.id,
    // A connection of the catalogue source, as the connect call makes it: one per company.
    connectionKey: analytics.id,
    status: 'active',
    records: events.length,
    lastSync: now,
    config: { settings: { propertyId: `demo-${company.id.slice(0, 8)}` } },
    credentials: null,
    recordKind: 'events',
    fields: ['client_id', 'user_id', 'event_name', 'event_timestamp', 'device_category', 'page_location'],
    mapping: { client_id: 'anonymous_id', user_id: 'user_id', event_name: 'event_type', event_timestamp: 'event_time', device_category: 'device_type', page_location: 'page_url' },
    keyField: null,
    createdById,
  });
  await em.flush();
  const records = events.map((event, index): SpooledRecord => {
    const time = new Date(event.at).toISOString();
    const data = { client_id: event.anonymousId, user_id: event.userId, event_name: event.type, event_timestamp: time, device_category: event.device, page_location: event.page };
    const unified = { anonymous_id: event.anonymousId, ...(event.userId ? { user_id: event.userId } : {}), event_type: event.type, event_time: time, device_type: event.device, page_url: event.page };
    return {
      index, key: null, userId: event.userId, email: null, anonymousId: event.anonymousId, eventType: event.type, eventTime: event.at, itemId: null,
      data: JSON.stringify(data), unified: JSON.stringify(unified),
    };
  });
  // Through the one data_records writer, as a sync of the source would have written them.
  await em.fork().transactional(async (tx) => {
    const write = await recordWriter(tx as SqlEntityManager, {
      now, companyId: company.id, sourceId: source.id, kind: 'events', importId: null, sourceFile: null, sourceType: 'integration',
    });
    await write(records, records.map(() => randomUUID()), false);
  });
  return records.length;
}

/**
 * Adds the visitors of the companies named (acme, globex) and builds every given company's
 * profiles; answers how many profiles there are in all. `scale` (0 to 1) keeps that share of the
 * visitors.
 */
export async function seedDemoAudience(
  em: EntityManager,
  kind: DatabaseKind,
  companies: Partial<Record<'navout' | 'acme' | 'globex', Company>>,
  admins: Partial<Record<'navout' | 'acme' | 'globex', { id: string }>> = {},
  now = new Date(),
  scale = 1,
): Promise<number> {
  const knex = (em as SqlEntityManager).getKnex();
  let profiles = 0;
  for (const key of ['navout', 'acme', 'globex'] as const) {
    const company = companies[key];
    if (!company) continue;
    if (key !== 'navout') await insertVisitors(em.fork(), key, company, admins[key]?.id ?? null, now, scale);
    const result = await buildAudience({ knex, kind, companyId: company.id, now, maxProfilesPerMerge: DEFAULT_MAX_PROFILES_PER_MERGE });
    profiles += result.profiles;
  }
  return profiles;
}
