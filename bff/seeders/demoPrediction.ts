/**
 * The demo companies' prediction API, a month in: their plans, their catalogue and interactions as
 * their integrations sent them (stored by the API's own ingestion code), two keys each, the model
 * settings they saved, and a month of calls with their per-minute rollups. Seeded after the demo
 * accounts, so the model screen, the Outbound API screen and the Plans page show a living product.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager, RequiredEntityData } from '@mikro-orm/core';
import type { ApiKeyScope } from '@domain/apiKeys';
import { DEFAULT_MODEL_SETTINGS, type ModelSettings } from '@domain/models/settings';
import type { PlanId } from '@domain/plans/plans';
import type { CallItemRecord, ItemInput, PredictRequest } from '@domain/prediction/contract';
import type { ValidEvent } from '@domain/prediction/schemas';
import { randomSource } from '@domain/random';
import { ApiKey, Company, ModelSettingsVersion, PredictionCall, PredictionCallMinute, PredictionCallMonth, type User } from '../entities';
import { generateApiKey } from '../platform/apiKeys';
import { bucketOf, countsAgainstQuota, HISTOGRAM_LENGTH, monthOf, storeEvents, upsertItems, type ValidItem } from '../modules/prediction';
import type { DatabaseKind } from '../platform/sql';
import { hashSecret } from '../platform/secrets';
import { demoCatalogue } from './demoCatalogue';

type DemoKey = 'navout' | 'acme' | 'globex';
type Random = () => number;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const INGEST_BATCH = 1_000;
/** The rollups' replica id: the seed counted these calls, as one replica would have. */
const SEED_REPLICA = '00000000-0000-4000-8000-000000000000';

const PLANS: Record<DemoKey, PlanId> = { navout: 'enterprise', acme: 'mid-market', globex: 'entry' };

interface KeyPlan {
  name: string;
  description: string;
  permissions: ApiKeyScope[];
}

const KEYS: Record<'acme' | 'globex', [reader: KeyPlan, writer: KeyPlan]> = {
  acme: [
    { name: 'Storefront (production)', description: 'Product recommendations on acme.example', permissions: ['read'] },
    { name: 'Catalogue sync', description: 'Nightly product feed and click stream', permissions: ['read', 'write'] },
  ],
  globex: [
    { name: 'Patient portal', description: 'Suggested services and articles after sign-in', permissions: ['read'] },
    { name: 'Scheduling sync', description: 'Services, open slots and bookings', permissions: ['write'] },
  ],
};

/** What each company saved, oldest first, and how many days ago. */
const SETTINGS: Record<'acme' | 'globex', Array<{ daysAgo: number; settings: ModelSettings }>> = {
  acme: [
    { daysAgo: 29, settings: DEFAULT_MODEL_SETTINGS },
    {
      daysAgo: 9,
      settings: {
        ...DEFAULT_MODEL_SETTINGS,
        discovery: { ...DEFAULT_MODEL_SETTINGS.discovery, trendingContent: 90, fairExposure: 70, intentDiversification: 65 },
        explanation: { ...DEFAULT_MODEL_SETTINGS.explanation, brandPersonality: 85 },
        holdoutPercent: 10,
        bannedPhrases: ['cheap'],
        requiredPhrases: [],
      },
    },
  ],
  globex: [
    {
      daysAgo: 21,
      settings: {
        ...DEFAULT_MODEL_SETTINGS,
        discovery: { ...DEFAULT_MODEL_SETTINGS.discovery, trustSafety: 100, deliveryAware: 90, trendingContent: 50, priceElasticity: 40 },
        explanation: { ...DEFAULT_MODEL_SETTINGS.explanation, brandPersonality: 60, voiceEvolution: 80 },
        holdoutPercent: 5,
        bannedPhrases: ['cure', 'guaranteed'],
        requiredPhrases: [],
      },
    },
  ],
};

const QUERIES: Record<'acme' | 'globex', readonly string[]> = {
  acme: ['', '', '', 'linen bedding', 'cast iron', 'floor lamp', 'oak side table', 'gift ideas', 'outdoor lantern', 'towel set', 'scandinavian', 'espresso'],
  globex: ['', '', '', 'back pain', 'allergy', 'sleep', 'cholesterol', 'video consultation', 'blood test', 'nutrition', 'pediatric', 'mental health'],
};
const TOP_SIGNALS = ['viewingPatterns', 'contentDiscovery', 'trendingContent', 'genreBased', 'trustSafety', 'popularity'];

function validItems(items: ItemInput[]): ValidItem[] {
  return items.map((item) => Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)) as ValidItem);
}

function validEvents(events: ReturnType<typeof demoCatalogue>['events']): ValidEvent[] {
  return events.map((event) => ({ ...event, value: event.value ?? null }) as ValidEvent);
}

type CallRow = RequiredEntityData<PredictionCall> & { id: string; createdAt: Date; latencyMs: number; itemsServed: number; status: number; apiKeyId: string };
type MonthRow = RequiredEntityData<PredictionCallMonth> & { served: number };
type MinuteRow = RequiredEntityData<PredictionCallMinute> & { calls: number; errors: number; zeroResults: number; itemsServed: number; latencyHistogram: number[]; latencyTotalMs: number };

/** A month of calls from the company's keys: busier on weekdays and in the evening, a few refused. */
function monthOfCalls(random: Random, companyId: string, userPrefix: string, now: number, readerId: string, writerId: string, itemIds: readonly string[], settingsVersionAt: (time: number) => number, queries: readonly string[]) {
  const calls: CallRow[] = [];
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  for (let day = 29; day >= 0; day--) {
    const dayStart = Math.floor((now - day * DAY_MS) / DAY_MS) * DAY_MS;
    const weekday = new Date(dayStart).getUTCDay();
    const volume = Math.round((weekday === 0 || weekday === 6 ? 180 : 300) * (0.8 + random() * 0.4) * (1 + (29 - day) / 60));
    for (let index = 0; index < volume; index++) {
      const hour = Math.min(23, Math.floor(Math.pow(random(), 0.7) * 24));
      const at = dayStart + hour * 3_600_000 + Math.floor(random() * 3_600_000);
      if (at >= now) continue;
      const roll = random();
      const endpoint = roll < 0.94 ? 'predict' : roll < 0.985 ? 'events' : 'items';
      const refused = random() < 0.012;
      const status = refused ? pick([400, 400, 429]) : 200;
      const latencyMs = Math.round((endpoint === 'predict' ? 3 + Math.pow(random(), 3) * 28 : 8 + random() * 60) * 100) / 100;
      const topK = pick([5, 5, 5, 10, 3]);
      const items: CallItemRecord[] =
        endpoint === 'predict' && !refused
          ? Array.from({ length: topK }, (_, rank) => ({ id: pick(itemIds), score: Math.round((2.4 - rank * 0.21 - random() * 0.1) * 1000) / 1000, topSignal: pick(TOP_SIGNALS) }))
          : [];
      const userId = endpoint === 'predict' && random() < 0.85 ? `${userPrefix}-${100_001 + Math.floor(random() * 1_800)}` : '';
      const request: PredictRequest | null = endpoint === 'predict' ? { query: pick(queries), top_k: topK, metadata: userId ? { user_id: userId, channel: 'web' } : { channel: 'web' } } : null;
      const zeroResults = endpoint === 'predict' && !refused && random() < 0.02;
      calls.push({
        id: randomUUID(),
        createdAt: new Date(at),
        updatedAt: new Date(at),
        companyId,
        apiKeyId: endpoint === 'predict' ? readerId : writerId,
        endpoint,
        status,
        errorCode: status === 429 ? 'rate_limited' : status === 400 ? 'validation_failed' : null,
        latencyMs,
        itemsServed: zeroResults ? 0 : items.length,
        zeroResults,
        holdout: false,
        settingsVersion: endpoint === 'predict' ? settingsVersionAt(at) : null,
        snapshotVersion: endpoint === 'predict' ? 1 : null,
        userId: userId || null,
        request,
        items: zeroResults ? [] : items,
      });
    }
  }
  return calls;
}

/** The calls' per-minute rollups, as one replica would have written them. */
function rollupsOf(calls: readonly CallRow[]): MinuteRow[] {
  const minutes = new Map<string, MinuteRow>();
  for (const call of calls) {
    const minute = Math.floor(call.createdAt.getTime() / MINUTE_MS) * MINUTE_MS;
    const key = `${call.apiKeyId}|${minute}`;
    let row = minutes.get(key);
    if (!row) {
      row = { id: randomUUID(), companyId: call.companyId, apiKeyId: call.apiKeyId, replicaId: SEED_REPLICA, minute: new Date(minute), calls: 0, errors: 0, zeroResults: 0, itemsServed: 0, latencyHistogram: new Array<number>(HISTOGRAM_LENGTH).fill(0), latencyTotalMs: 0 };
      minutes.set(key, row);
    }
    row.calls += 1;
    if (call.status >= 400) row.errors += 1;
    if (call.zeroResults) row.zeroResults += 1;
    row.itemsServed += call.itemsServed;
    row.latencyHistogram[bucketOf(call.latencyMs)]! += 1;
    row.latencyTotalMs += call.latencyMs;
  }
  return [...minutes.values()];
}

/** The served predict calls of each month (UTC), as the call log keeps them for the plan's allowance. */
function monthsOf(calls: readonly CallRow[]): MonthRow[] {
  const months = new Map<string, MonthRow>();
  for (const call of calls) {
    if (!countsAgainstQuota(call)) continue;
    const month = monthOf(call.createdAt);
    const row = months.get(month) ?? { id: randomUUID(), companyId: call.companyId, replicaId: SEED_REPLICA, month, served: 0 };
    row.served += 1;
    months.set(month, row);
  }
  return [...months.values()];
}

export async function seedDemoPrediction(
  em: EntityManager,
  kind: DatabaseKind,
  companies: Record<DemoKey, Company>,
  admins: Record<DemoKey, User>,
  now = new Date(),
  scale = 1,
): Promise<void> {
  for (const key of Object.keys(PLANS) as DemoKey[]) await em.nativeUpdate(Company, { id: companies[key].id }, { plan: PLANS[key] });
  for (const key of ['acme', 'globex'] as const) {
    const companyId = companies[key].id;
    const { items, events } = demoCatalogue(key, now.getTime(), scale);
    const valid = validItems(items);
    for (let start = 0; start < valid.length; start += INGEST_BATCH) await upsertItems(em, kind, companyId, valid.slice(start, start + INGEST_BATCH), now);
    const interactions = validEvents(events);
    for (let start = 0; start < interactions.length; start += INGEST_BATCH) await storeEvents(em, kind, companyId, interactions.slice(start, start + INGEST_BATCH), now);

    const keyIds = await em.fork().transactional(async (tx) => {
      const created = KEYS[key].map((plan, index) => {
        const token = generateApiKey();
        return tx.create(ApiKey, {
          companyId,
          name: plan.name,
          description: plan.description,
          tokenHash: hashSecret(token),
          tokenPrefix: token.slice(0, 8),
          scopes: plan.permissions,
          isActive: true,
          createdById: admins[key].id,
          createdAt: new Date(now.getTime() - (45 - index * 10) * DAY_MS),
          lastUsedAt: new Date(now.getTime() - (index + 1) * 90_000),
        });
      });
      const versions = SETTINGS[key].map(({ daysAgo, settings }, index) =>
        tx.create(ModelSettingsVersion, { companyId, version: index + 1, settings, createdById: admins[key].id, createdAt: new Date(now.getTime() - daysAgo * DAY_MS) }),
      );
      await tx.flush();
      return { reader: created[0]!.id, writer: created[1]!.id, versions: versions.map((version) => ({ version: version.version, from: version.createdAt.getTime() })) };
    });

    const settingsVersionAt = (time: number) => keyIds.versions.filter((version) => version.from <= time).at(-1)?.version ?? 0;
    const calls = monthOfCalls(randomSource(key === 'acme' ? 0xca11 : 0xca12), companyId, key === 'acme' ? 'AC' : 'GX', now.getTime(), keyIds.reader, keyIds.writer, items.map((item) => item.id), settingsVersionAt, QUERIES[key]);
    await em.fork().transactional(async (tx) => {
      for (let start = 0; start < calls.length; start += 500) await tx.insertMany<PredictionCall>(PredictionCall, calls.slice(start, start + 500));
      const rollups = rollupsOf(calls);
      for (let start = 0; start < rollups.length; start += 500) await tx.insertMany<PredictionCallMinute>(PredictionCallMinute, rollups.slice(start, start + 500));
      await tx.insertMany<PredictionCallMonth>(PredictionCallMonth, monthsOf(calls));
    });
  }
}
