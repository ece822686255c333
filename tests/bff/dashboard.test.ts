/**
 * The dashboard overview's BFF: metrics against rollup rows with known answers for every range and
 * bucket rule (a company in Europe/Berlin across a DST change and a month end, and one in UTC),
 * the company filter rules, an empty company, preferences, the category lookup and series, the
 * per-key breakdown, and attribution of events at ingestion (treatment, holdout, outside the window);
 * the drill-down's figures over generations, identities and responses, its query plan on SQLite,
 * and the reads' time budget (503 dashboard_timeout, the event loop free meanwhile).
 */
import { randomUUID } from 'node:crypto';
import type { Knex, SqlEntityManager } from '@mikro-orm/knex';
import { describe, expect, it, vi } from 'vitest';
import { categoryBit } from '@domain/audience/categories';
import { CATEGORY_IDS } from '@domain/audience/contract';
import { DASHBOARD_MESSAGES, type ApiKeyBreakdownRow, type CategoryChoice, type DashboardMetrics, type DashboardPreferences } from '@domain/dashboard/contract';
import { DASHBOARD_SCHEMA_MESSAGES, DEFAULT_DASHBOARD_PREFERENCES } from '@domain/dashboard/schemas';
import { AudienceBuild, AudienceIdentity, DashboardCallHour, AudienceView, Company, DataSource, PredictionCall, PredictionCallMinute, RecommendationOutcomeHour } from '@bff/entities';
import { rebuildOutcomes } from '@bff/modules/prediction/outcomes';
import { HISTOGRAM_LENGTH, bucketOf, percentileOf } from '@bff/modules/prediction/callLog';
import { createDashboardReader, WorkerReader } from '@bff/modules/dashboard/reads';
import { categorySeriesQuery, seriesTarget } from '@bff/modules/dashboard/series';
import { HttpError } from '@bff/platform/errors';
import { addPublished } from './support/surveys';
import { useWorld, type World } from './support/world';

/** Monday 30 March 2026, 12:00 in Berlin (CEST since the night before last). */
const NOW = new Date('2026-03-30T10:00:00.000Z');
const HOUR = 3_600_000;


interface Minute {
  at: string;
  calls: number;
  items: number;
  latencyTotal: number | null;
  apiKeyId?: string;
  errors?: number;
  latencies?: number[];
}

async function addMinutes(w: World, companyId: string, minutes: Minute[]): Promise<void> {
  const em = w.em();
  for (const minute of minutes) {
    const histogram = new Array<number>(HISTOGRAM_LENGTH).fill(0);
    for (const latency of minute.latencies ?? []) histogram[bucketOf(latency)]! += 1;
    em.create(PredictionCallMinute, {
      id: randomUUID(),
      companyId,
      apiKeyId: minute.apiKeyId ?? '',
      replicaId: randomUUID(),
      minute: new Date(minute.at),
      calls: minute.calls,
      errors: minute.errors ?? 0,
      zeroResults: 0,
      itemsServed: minute.items,
      latencyHistogram: histogram,
      latencyTotalMs: minute.latencyTotal,
    });
  }
  await em.flush();
}

async function addCompanyWithAdmin(w: World, timeZone: string | null) {
  const company = await w.addCompany();
  if (timeZone) {
    const em = w.em();
    await em.nativeUpdate(Company, { id: company.id }, { timeZone });
  }
  const admin = await w.addUser(company.id, { role: 'company_admin' });
  const user = await w.addUser(company.id, { role: 'user' });
  return { company, admin, user };
}

async function addProfile(w: World, companyId: string, fields: { userId: string; categories: Parameters<typeof categoryBit>[0][]; ltv: number }) {
  const knex = (w.orm.em as SqlEntityManager).getKnex();
  const stamp = w.config.database.kind === 'sqlite' ? NOW.getTime() : NOW;
  const id = randomUUID();
  await knex('audience_profiles').insert({
    id, company_id: companyId, user_id: fields.userId, email: null, name: null, account: null, age: null, location: null,
    first_seen: stamp, last_seen: stamp, last_login: null, subscription_status: null, ltv: fields.ltv, device_type: null, ip_address: null,
    source_mask: 0, source_names: '[]', category_mask: fields.categories.reduce((mask, id) => mask | categoryBit(id), 0), lifecycle: 'active', risk: 'low',
    risk_score: 0, coverage: 0, survey_count: 0, completion_seconds: 0, event_count: 1, recent_events: 1, previous_events: 0, identifier_count: 1,
    is_unknown: false, is_unified: false, attributes: '{}', segments: '[]', search_text: '', created_at: stamp, updated_at: stamp,
  });
  const em = w.em();
  em.create(AudienceIdentity, { companyId, profileId: id, kind: 'user_id', value: fields.userId, source: 'api', firstSeen: NOW });
  await em.flush();
  return id;
}

/** The Berlin company's rollup rows: each placed to test one rule. */
const BERLIN_MINUTES: Minute[] = [
  // 23:30 UTC on 28 March is 00:30 on 29 March in Berlin: the 29th, not the 28th.
  { at: '2026-03-28T23:30:00Z', calls: 4, items: 20, latencyTotal: 80 },
  // 03:30 CEST, the morning the clocks went forward.
  { at: '2026-03-29T01:30:00Z', calls: 10, items: 50, latencyTotal: 100 },
  // Written before latency sums were kept: counted, left out of the average.
  { at: '2026-03-30T08:00:00Z', calls: 6, items: 0, latencyTotal: null },
  // Last week: in 7 Days' comparison period.
  { at: '2026-03-23T10:00:00Z', calls: 7, items: 30, latencyTotal: 70 },
  // 00:30 on 1 February in Berlin, still 31 January in UTC.
  { at: '2026-01-31T23:30:00Z', calls: 3, items: 9, latencyTotal: 30 },
];

describe('dashboard overview', () => {
  const world = useWorld({ dependencies: { clock: () => new Date(NOW) } });
  let berlin: Awaited<ReturnType<typeof addCompanyWithAdmin>>;
  let utc: Awaited<ReturnType<typeof addCompanyWithAdmin>>;

  const metrics = async (who: Parameters<World['bearer']>[0], query: Record<string, string>) => {
    const response = await world().http.get('/api/dashboard/metrics').query(query).set(world().bearer(who));
    return response;
  };
  const ok = async (who: Parameters<World['bearer']>[0], query: Record<string, string>): Promise<DashboardMetrics> => {
    const response = await metrics(who, query);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as DashboardMetrics;
  };

  it('arranges two companies with known rollups', async () => {
    const w = world();
    berlin = await addCompanyWithAdmin(w, 'Europe/Berlin');
    utc = await addCompanyWithAdmin(w, null);
    await addMinutes(w, berlin.company.id, BERLIN_MINUTES);
    await addMinutes(w, utc.company.id, [{ at: '2026-01-31T23:30:00Z', calls: 3, items: 9, latencyTotal: 30 }]);
    const em = w.em();
    em.create(RecommendationOutcomeHour, { id: randomUUID(), companyId: berlin.company.id, hour: new Date('2026-03-29T01:00:00Z'), clicks: 2, holdoutClicks: 1, conversions: 1, holdoutConversions: 1 });
    em.create(RecommendationOutcomeHour, { id: randomUUID(), companyId: berlin.company.id, hour: new Date('2026-03-23T10:00:00Z'), clicks: 5, holdoutClicks: 0, conversions: 3, holdoutConversions: 0 });
    await em.flush();
    expect(await em.count(PredictionCallMinute, { companyId: berlin.company.id })).toBe(5);
  });

  it('7 Days: local calendar days in the company time zone, with the previous period', async () => {
    const body = await ok(berlin.admin, { range: '7d' });
    expect(body.companyInfo).toEqual({ name: berlin.company.name, timeZone: 'Europe/Berlin' });
    expect(body.range).toEqual({ range: '7d', bucket: 'day', from: '2026-03-24', to: '2026-03-30' });
    expect(body.labels).toEqual(['Mar 24', 'Mar 25', 'Mar 26', 'Mar 27', 'Mar 28', 'Mar 29', 'Mar 30']);
    expect(body.bucketStarts[0]).toBe('2026-03-23T23:00:00.000Z');
    expect(body.bucketStarts[6]).toBe('2026-03-29T22:00:00.000Z');
    // Today is under way: noon in Berlin, half of the day.
    expect(body.partial).toEqual({ index: 6, elapsed: 0.5 });
    expect(body.calls).toEqual([0, 0, 0, 0, 0, 14, 6]);
    expect(body.recommendations).toEqual([0, 0, 0, 0, 0, 70, 0]);
    expect(body.averageCallDurationMs).toEqual([null, null, null, null, null, 12.9, null]);
    expect(body.clicks).toEqual([0, 0, 0, 0, 0, 2, 0]);
    expect(body.holdoutClicks).toEqual([0, 0, 0, 0, 0, 1, 0]);
    // Two attributed conversions (treatment and holdout) over 70 items served.
    expect(body.conversion).toEqual([null, null, null, null, null, 2.9, null]);
    expect(body.totals.calls).toEqual({ value: 20, previous: 7 });
    expect(body.totals.recommendations).toEqual({ value: 70, previous: 30 });
    expect(body.totals.clicks).toEqual({ value: 2, previous: 5 });
    expect(body.totals.conversion).toEqual({ value: 2.9, previous: 10 });
    expect(body.totals.averageCallDurationMs).toEqual({ value: 12.9, previous: 10 });
    expect(body.comparable).toBe(true);
    expect(body.hasData).toBe(true);
  });

  it('1 Day: 4-hour blocks from local midnight, the current one last', async () => {
    const body = await ok(berlin.admin, { range: '1d' });
    expect(body.range.bucket).toBe('4h');
    expect(body.labels).toEqual(['16:00', '20:00', '00:00', '04:00', '08:00', '12:00']);
    expect(body.calls).toEqual([0, 0, 0, 0, 6, 0]);
  });

  it('30 Days: four ISO weeks; 90 Days: three months split at local midnight', async () => {
    const weeks = await ok(berlin.admin, { range: '30d' });
    // This week and this month end today, Monday 30 March: no bucket after now.
    expect(weeks.labels).toEqual(['Mar 9 – Mar 15', 'Mar 16 – Mar 22', 'Mar 23 – Mar 29', 'Mar 30']);
    expect(weeks.range.to).toBe('2026-03-30');
    expect(weeks.calls).toEqual([0, 0, 21, 6]);
    const months = await ok(berlin.admin, { range: '90d' });
    expect(months.labels).toEqual(['Jan 2026', 'Feb 2026', 'Mar 1 – Mar 30']);
    expect(months.calls).toEqual([0, 3, 27]);
    // The months before January hold nothing: Berlin's figures began on 1 February, after the
    // comparison period started, so no change is claimed.
    expect(months.comparable).toBe(false);
    expect(months.totals.calls).toEqual({ value: 30, previous: null });
    expect(months.totals.conversion.previous).toBeNull();
    expect(weeks.comparable).toBe(true);
    // The same minute in a UTC company belongs to January.
    const utcMonths = await ok(utc.admin, { range: '90d' });
    expect(utcMonths.companyInfo.timeZone).toBe('UTC');
    expect(utcMonths.calls).toEqual([3, 0, 0]);
  });

  it('Custom: weekly buckets clipped to From and To; the range checked with the contract messages', async () => {
    const body = await ok(berlin.admin, { range: 'custom', from: '2026-01-25', to: '2026-02-05' });
    expect(body.range).toEqual({ range: 'custom', bucket: 'week', from: '2026-01-25', to: '2026-02-05' });
    expect(body.labels).toEqual(['Jan 25', 'Jan 26 – Feb 1', 'Feb 2 – Feb 5']);
    expect(body.calls).toEqual([0, 3, 0]);
    // Every bucket of a range in the past is over.
    expect(body.partial).toBeNull();
    const daily = await ok(berlin.admin, { range: 'custom', from: '2026-03-24', to: '2026-03-30' });
    expect(daily.calls).toEqual([0, 0, 0, 0, 0, 14, 6]);

    const missing = await metrics(berlin.admin, { range: 'custom', from: '2026-01-25' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.to).toBe(DASHBOARD_MESSAGES.customFromTo);
    const reversed = await metrics(berlin.admin, { range: 'custom', from: '2026-02-25', to: '2026-02-01' });
    expect(reversed.body.fields.to).toBe(DASHBOARD_MESSAGES.customOrder);
    const long = await metrics(berlin.admin, { range: 'custom', from: '2025-01-01', to: '2026-03-01' });
    expect(long.body.fields.to).toBe(DASHBOARD_MESSAGES.customTooLong);
    // A range starting after today (Berlin time) has no figures: refused; one ending after today ends today.
    const future = await metrics(berlin.admin, { range: 'custom', from: '2026-03-31', to: '2026-04-05' });
    expect([future.status, future.body.code, future.body.fields.from]).toEqual([400, 'validation_failed', DASHBOARD_MESSAGES.customFuture]);
    const reaching = await ok(berlin.admin, { range: 'custom', from: '2026-03-29', to: '2026-04-02' });
    expect([reaching.range.to, reaching.labels]).toEqual(['2026-03-30', ['Mar 29', 'Mar 30']]);
    const badRange = await metrics(berlin.admin, { range: 'week' });
    expect([badRange.status, badRange.body.fields.range]).toEqual([400, DASHBOARD_SCHEMA_MESSAGES.range]);
  });

  it('company filter: honoured for a global admin; a company user naming another company gets 404', async () => {
    const asAdmin = await ok('admin', { range: '7d', companyFilter: berlin.company.id });
    expect(asAdmin.calls).toEqual([0, 0, 0, 0, 0, 14, 6]);
    expect(asAdmin.companyInfo.timeZone).toBe('Europe/Berlin');
    const own = await ok(berlin.user, { range: '7d', companyFilter: berlin.company.id });
    expect(own.totals.calls.value).toBe(20);
    for (const who of [berlin.user, berlin.admin]) {
      const named = await metrics(who, { companyFilter: utc.company.id });
      expect([named.status, named.body.code]).toEqual([404, 'not_found']);
    }
    expect((await metrics('admin', { companyFilter: randomUUID() })).status).toBe(404);
    expect((await world().http.get('/api/dashboard/metrics')).status).toBe(401);
  });

  it('All Companies: a global admin without a filter sees every company together, in UTC', async () => {
    const body = await ok('admin', { range: '90d' });
    expect(body.companyInfo).toEqual({ name: 'All Companies', timeZone: 'UTC' });
    // UTC months: Berlin's 31 January minute and the UTC company's are both January.
    expect(body.calls).toEqual([6, 0, 27]);
  });

  it('reads hours that are over from their hourly sums and the last minutes from the minute rollup', async () => {
    const w = world();
    await ok(utc.admin, { range: '90d' });
    const hours = await w.em().find(DashboardCallHour, { companyId: utc.company.id });
    expect(hours.map((hour) => [hour.hour.toISOString(), hour.calls, hour.latencyTotalMs, hour.timedCalls])).toEqual([['2026-01-31T23:00:00.000Z', 3, 30, 3]]);
    // 09:40 is in the hour not yet over (sealed up to 09:00 at 10:00): read from the minutes at once.
    await addMinutes(w, utc.company.id, [{ at: '2026-03-30T09:40:00Z', calls: 2, items: 6, latencyTotal: 10 }]);
    const body = await ok(utc.admin, { range: '7d' });
    expect(body.calls).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(body.averageCallDurationMs[6]).toBe(5);
    expect(await w.em().count(DashboardCallHour, { companyId: utc.company.id })).toBe(1);
  });

  it('an empty company has no data', async () => {
    const empty = await addCompanyWithAdmin(world(), null);
    const body = await ok(empty.admin, { range: '30d' });
    expect(body.hasData).toBe(false);
    expect(body.calls).toEqual([0, 0, 0, 0]);
    expect(body.conversion).toEqual([null, null, null, null]);
    expect(body.users.userCounts.every((count) => count === 0)).toBe(true);
    expect(body.users.builtAt).toBeNull();
  });

  it('breaks calls down per API key with p50 and p95 from the histograms', async () => {
    const w = world();
    const { apiKey } = await w.addApiKey(berlin.company.id);
    const latencies = [2, 2, 4, 4, 4, 8, 12, 40, 90, 400];
    await addMinutes(w, berlin.company.id, [{ at: '2026-03-30T09:00:00Z', calls: 10, items: 40, latencyTotal: 566, apiKeyId: apiKey.id, errors: 1, latencies }]);
    const response = await w.http.get('/api/dashboard/api-keys').query({ range: '7d' }).set(w.bearer(berlin.admin));
    expect(response.status).toBe(200);
    const histogram = new Array<number>(HISTOGRAM_LENGTH).fill(0);
    for (const latency of latencies) histogram[bucketOf(latency)]! += 1;
    const row = (response.body as ApiKeyBreakdownRow[]).find((entry) => entry.apiKeyId === apiKey.id);
    expect(row).toEqual({ apiKeyId: apiKey.id, name: apiKey.name, calls: 10, errors: 1, p50Ms: percentileOf(histogram, 0.5), p95Ms: percentileOf(histogram, 0.95), itemsServed: 40 });
    expect(row?.p95Ms).toBeGreaterThan(75);
    const withoutKey = (response.body as Array<{ apiKeyId: string; calls: number }>).find((entry) => entry.apiKeyId === '');
    expect(withoutKey?.calls).toBe(20);
  });

  it('keeps preferences per user and company, validated', async () => {
    const w = world();
    const path = '/api/dashboard/preferences';
    const initial = await w.http.get(path).set(w.bearer(berlin.admin));
    expect(initial.body).toEqual(DEFAULT_DASHBOARD_PREFERENCES);
    const preferences: DashboardPreferences = {
      savedCharts: [{ id: 'saved-1774864800000', label: '  Premium buyers ', category: { kind: 'category', id: 'premium', name: 'Premium Users' }, mode: 'users', options: { chartType: 'bar' }, createdAt: NOW.toISOString() }],
      gridOrder: ['segments', 'duration', 'calls', 'clicks', 'conversion', 'recommendations'],
      chartTypes: { calls: 'bar', 'saved-1774864800000': 'line' },
      extraCategories: [{ kind: 'category', id: 'casual', name: 'Casual Users' }],
    };
    // Fields the schema does not know are not stored.
    const saved = await w.http.put(path).set(w.bearer(berlin.admin)).send({ ...preferences, injected: 'x', savedCharts: [{ ...preferences.savedCharts[0]!, extra: true }] });
    expect(saved.status).toBe(200);
    const expected = { ...preferences, savedCharts: [{ ...preferences.savedCharts[0]!, label: 'Premium buyers' }] };
    expect((await w.http.get(path).set(w.bearer(berlin.admin))).body).toEqual(expected);
    // Another user, and the same global admin on another company, start from the defaults.
    expect((await w.http.get(path).set(w.bearer(berlin.user))).body).toEqual(DEFAULT_DASHBOARD_PREFERENCES);
    await w.http.put(path).query({ companyFilter: berlin.company.id }).set(w.bearer('admin')).send(preferences);
    expect((await w.http.get(path).query({ companyFilter: utc.company.id }).set(w.bearer('admin'))).body).toEqual(DEFAULT_DASHBOARD_PREFERENCES);
    expect((await w.http.get(path).query({ companyFilter: berlin.company.id }).set(w.bearer('admin'))).body.gridOrder).toEqual(preferences.gridOrder);

    const blank = await w.http.put(path).set(w.bearer(berlin.admin)).send({ ...preferences, savedCharts: [{ ...preferences.savedCharts[0]!, label: ' ' }] });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body.fields)).toContain(DASHBOARD_SCHEMA_MESSAGES.savedChartLabel);
    const order = await w.http.put(path).set(w.bearer(berlin.admin)).send({ ...preferences, gridOrder: ['calls'] });
    expect(order.status).toBe(400);
    expect((await w.http.put(path).set(w.bearer(berlin.admin)).send([1, 2])).status).toBe(400);
    expect((await w.http.get(path).set(w.bearer(berlin.admin))).body).toEqual(expected);
  });

  it('takes the company time zone from the company form, checked as an IANA name', async () => {
    const w = world();
    const path = `/api/companies/${utc.company.id}`;
    const fields = { name: utc.company.name, domain: utc.company.domain };
    const refused = await w.http.put(path).set(w.bearer(utc.admin)).send({ ...fields, timeZone: 'Mars/Olympus_Mons' });
    expect(refused.status).toBe(400);
    const saved = await w.http.put(path).set(w.bearer(utc.admin)).send({ ...fields, timeZone: 'America/New_York' });
    expect([saved.status, saved.body.timeZone]).toEqual([200, 'America/New_York']);
    const body = await ok(utc.admin, { range: '7d' });
    expect(body.companyInfo.timeZone).toBe('America/New_York');
    // Midnight in New York, 04:00 UTC in summer time.
    expect(body.bucketStarts[6]).toBe('2026-03-30T04:00:00.000Z');
    const cleared = await w.http.put(path).set(w.bearer(utc.admin)).send({ ...fields, timeZone: '' });
    expect([cleared.status, cleared.body.timeZone]).toEqual([200, null]);
    expect((await ok(utc.admin, { range: '7d' })).companyInfo.timeZone).toBe('UTC');
  });

  describe('attribution, the users block, lookup and series', () => {
    let company: Awaited<ReturnType<typeof addCompanyWithAdmin>>;
    let key: { header: { 'X-API-Key': string } };
    const at = (hoursBefore: number) => new Date(NOW.getTime() - hoursBefore * HOUR);
    const event = (id: string, user: string, item: string, type: string, hoursBefore: number) => ({ event_id: id, user_id: user, item_id: item, type, timestamp: at(hoursBefore).toISOString() });
    const EVENTS = [
      event('e1', 'u1', 'i1', 'click', 1),
      event('e2', 'u1', 'i2', 'purchase', 0.5),
      event('e3', 'u2', 'i1', 'click', 1),
      event('e4', 'u3', 'i1', 'click', 1),
      event('e5', 'u1', 'i9', 'click', 1),
      event('e6', 'u1', 'i1', 'view', 1),
    ];

    it('counts clicks and conversions on served items, treatment and holdout apart, once, within the window', async () => {
      const w = world();
      company = await addCompanyWithAdmin(w, null);
      key = await w.addApiKey(company.company.id);
      const em = w.em();
      const call = (userId: string, items: string[], holdout: boolean, hoursBefore: number) =>
        em.create(PredictionCall, {
          companyId: company.company.id, apiKeyId: null, endpoint: 'predict', status: 200, errorCode: null, latencyMs: 5, itemsServed: items.length, zeroResults: false,
          holdout, settingsVersion: 1, snapshotVersion: 1, userId, request: null, items: items.map((id) => ({ id, score: 1, topSignal: 'popularity' })),
          createdAt: at(hoursBefore), updatedAt: at(hoursBefore),
        });
      call('u1', ['i1', 'i2'], false, 2);
      call('u2', ['i1'], true, 3);
      // Served eight days before the click: outside the 7-day window.
      call('u3', ['i1'], false, 8 * 24 + 1);
      await em.flush();

      for (let round = 0; round < 2; round++) {
        const response = await w.http.post('/api/v1/events').set(key.header).send({ events: EVENTS });
        expect(response.status).toBe(200);
      }
      const rows = await w.em().find(RecommendationOutcomeHour, { companyId: company.company.id });
      const sum = (field: 'clicks' | 'holdoutClicks' | 'conversions' | 'holdoutConversions') => rows.reduce((total, row) => total + row[field], 0);
      expect([sum('clicks'), sum('holdoutClicks'), sum('conversions'), sum('holdoutConversions')]).toEqual([1, 1, 1, 0]);

      const body = await ok(company.admin, { range: '7d' });
      expect(body.totals.clicks.value).toBe(1);
      expect(body.totals.holdoutClicks.value).toBe(1);

      // The backfill rebuilds the same figures from the raw rows.
      await w.em().nativeDelete(RecommendationOutcomeHour, { companyId: company.company.id });
      expect(await rebuildOutcomes(w.em(), w.config.database.kind, company.company.id)).toBe(3);
      const rebuilt = await w.em().find(RecommendationOutcomeHour, { companyId: company.company.id });
      expect(rebuilt.reduce((total, row) => total + row.clicks + row.holdoutClicks + row.conversions, 0)).toBe(3);
    });

    it('counts profiles per default category with the share converted', async () => {
      const w = world();
      await addProfile(w, company.company.id, { userId: 'u1', categories: ['premium', 'returning'], ltv: 120 });
      await addProfile(w, company.company.id, { userId: 'u2', categories: ['premium'], ltv: 0 });
      await addProfile(w, company.company.id, { userId: 'u3', categories: ['premium', 'casual'], ltv: 0 });
      // Profiles change only with a build, which the users block's cache follows.
      const em = w.em();
      em.create(AudienceBuild, { companyId: company.company.id, computedAt: NOW, watermark: null, profiles: 3 });
      await em.flush();
      const body = await ok(company.admin, { range: '7d' });
      const premium = body.users.categoryIds.indexOf('premium');
      expect(body.users.categories[premium]).toBe('Premium Users');
      expect(body.users.userCounts[premium]).toBe(3);
      expect(body.users.conversionRates[premium]).toBe(33.3);
      expect(body.users.userCounts[body.users.categoryIds.indexOf('casual')]).toBe(1);
      expect(body.users.categories).toHaveLength(10);
      expect(body.users.builtAt).toBe(NOW.toISOString());
    });

    it('looks categories and saved views up by name, case-insensitively, and answers an unknown name honestly', async () => {
      const w = world();
      const em = w.em();
      const view = em.create(AudienceView, { companyId: company.company.id, name: 'VIP Buyers', description: '', filters: { dataSource: [], lifecycle: [], risk: [], recency: [] }, search: '', categoryId: 'returning', userCount: 0, coverage: 0 });
      await em.flush();
      const lookup = (name: string) => w.http.get('/api/dashboard/categories/lookup').query({ name }).set(w.bearer(company.admin));
      expect((await lookup('premium users')).body).toEqual({ kind: 'category', id: 'premium', name: 'Premium Users', userCount: 3, conversionRate: 33.3 });
      expect((await lookup('PREMIUM')).body.id).toBe('premium');
      const found = await lookup(' vip buyers ');
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body).toEqual({ kind: 'view', id: view.id, name: 'VIP Buyers', userCount: 1, conversionRate: 100 });
      const unknown = await lookup('Nobody Here');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(DASHBOARD_MESSAGES.categoryNotFound('Nobody Here'));
      expect((await lookup('   ')).status).toBe(400);
      // Another company's view is not found.
      expect((await w.http.get('/api/dashboard/categories/lookup').query({ name: 'VIP Buyers' }).set(w.bearer(berlin.admin))).status).toBe(404);

      // "+ Add Category" offers every category and the company's own saved views, by the names the lookup finds.
      const choices = (who: Parameters<World['bearer']>[0]) => w.http.get('/api/dashboard/categories').set(w.bearer(who));
      const offered = await choices(company.admin);
      expect(offered.status).toBe(200);
      expect(offered.body.filter((choice: CategoryChoice) => choice.kind === 'category')).toHaveLength(CATEGORY_IDS.length);
      expect(offered.body).toContainEqual({ kind: 'category', id: 'premium', name: 'Premium Users' });
      expect(offered.body.at(-1)).toEqual({ kind: 'view', id: view.id, name: 'VIP Buyers' });
      for (const choice of offered.body as CategoryChoice[]) expect((await lookup(choice.name)).status).toBe(200);
      expect((await choices(berlin.admin)).body.filter((choice: CategoryChoice) => choice.kind === 'view')).toEqual([]);
    });

    it('gives a drilled-in category its series per bucket', async () => {
      const w = world();
      const response = await w.http.get('/api/dashboard/categories/category/premium/series').query({ range: '7d' }).set(w.bearer(company.admin));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const today = response.body.points[6];
      expect(response.body.name).toBe('Premium Users');
      expect(response.body.bucket).toBe('day');
      expect(response.body.partial).toMatchObject({ index: 6 });
      // u1 (click, view, purchase), u2 (click), u3 (click) are active today; one of them purchased.
      expect(today).toMatchObject({ label: 'Mar 30', users: 3, clicks: 4, conversion: 33.3, responses: 0 });
      expect(response.body.points.slice(0, 6).every((point: { users: number }) => point.users === 0)).toBe(true);
      const bad = await w.http.get('/api/dashboard/categories/view/premium/series').set(w.bearer(company.admin));
      expect(bad.status).toBe(400);
      const otherView = await w.http.get(`/api/dashboard/categories/view/${randomUUID()}/series`).set(w.bearer(company.admin));
      expect(otherView.status).toBe(404);
    });
  });

  describe('drill-down series: generations, identities, responses, plan and time budget', () => {
    let drill: Awaited<ReturnType<typeof addCompanyWithAdmin>>;
    const at = (hoursBefore: number) => new Date(NOW.getTime() - hoursBefore * HOUR);
    /** The current generation is 2; generation 1 is the previous build, left beside it. */
    const CURRENT = 2;
    const PROFILES = { p1: randomUUID(), p2: randomUUID(), p3: randomUUID() };

    async function arrange(w: World) {
      const knex = (w.orm.em as SqlEntityManager).getKnex();
      const stored = (date: Date) => (w.config.database.kind === 'sqlite' ? date.getTime() : date);
      const companyId = drill.company.id;
      const profile = (id: string, generation: number, categories: Parameters<typeof categoryBit>[0][]) => ({
        id, generation, company_id: companyId, user_id: null, email: null, name: null, account: null, age: null, location: null,
        first_seen: stored(NOW), last_seen: stored(NOW), last_login: null, subscription_status: null, ltv: 0, device_type: null, ip_address: null,
        source_mask: 0, source_names: '[]', category_mask: categories.reduce((mask, category) => mask | categoryBit(category), 0), lifecycle: 'active', risk: 'low',
        risk_score: 0, coverage: 0, survey_count: 0, completion_seconds: 0, event_count: 1, recent_events: 1, previous_events: 0, identifier_count: 1,
        is_unknown: false, is_unified: false, attributes: '{}', segments: '[]', search_text: '', created_at: stored(NOW), updated_at: stored(NOW),
      });
      await knex('audience_profiles').insert([
        profile(PROFILES.p1, CURRENT, ['mobile']),
        profile(PROFILES.p2, CURRENT, ['mobile', 'premium']),
        profile(PROFILES.p3, CURRENT, ['desktop']),
        // The previous build: p3 was mobile then, and p1 had another user id. Neither counts now.
        profile(PROFILES.p1, 1, ['mobile']),
        profile(PROFILES.p3, 1, ['mobile']),
      ]);
      const identity = (profileId: string, generation: number, kind: string, value: string) => ({
        id: randomUUID(), company_id: companyId, profile_id: profileId, kind, value, source: 'fixture', first_seen: stored(NOW), created_at: stored(NOW), updated_at: stored(NOW), generation,
      });
      await knex('audience_identities').insert([
        // p1 joins two people (two user ids) and a visitor.
        identity(PROFILES.p1, CURRENT, 'user_id', 'm1'),
        identity(PROFILES.p1, CURRENT, 'user_id', 'm1b'),
        identity(PROFILES.p1, CURRENT, 'anonymous_id', 'v1'),
        identity(PROFILES.p1, CURRENT, 'email', 'm1@example.test'),
        identity(PROFILES.p2, CURRENT, 'user_id', 'm2'),
        identity(PROFILES.p2, CURRENT, 'anonymous_id', 'v2'),
        identity(PROFILES.p3, CURRENT, 'user_id', 'd1'),
        identity(PROFILES.p3, CURRENT, 'anonymous_id', 'v3'),
        identity(PROFILES.p1, 1, 'user_id', 'old1'),
        identity(PROFILES.p1, 1, 'anonymous_id', 'v9'),
        identity(PROFILES.p3, 1, 'user_id', 'd1'),
        identity(PROFILES.p3, 1, 'anonymous_id', 'v3'),
      ]);
      const em = w.em();
      em.create(AudienceBuild, { companyId, computedAt: NOW, watermark: null, profiles: 3, generation: CURRENT });
      const source = em.create(DataSource, {
        companyId, name: `Events ${randomUUID().slice(0, 8)}`, description: null, type: 'file', catalogueId: 'csv', status: 'active',
        config: {}, credentials: null, recordKind: 'events', fields: [], mapping: {}, createdById: null,
      });
      await em.flush();
      let index = 0;
      const record = (userId: string, type: string | null, hoursBefore: number, kind = 'events', company = companyId) => ({
        id: randomUUID(), company_id: company, source_id: source.id, source_type: 'file', imported_at: stored(NOW), kind, record_index: index++, data: '{}', unified: '{}',
        user_id: userId, event_type: type, event_time: stored(at(hoursBefore)), created_at: stored(NOW), updated_at: stored(NOW),
      });
      await knex('data_records').insert([
        // Today (30 March, UTC): p1 through both its user ids (two clicks, a purchase), p2 a view.
        record('m1', 'click', 2),
        record('m1b', 'click', 3),
        record('m1b', 'purchase', 1),
        record('m2', 'view', 4),
        // A people record of m1 is not an event.
        record('m1', null, 2, 'people'),
        // 29 March: p2 clicks and converts; p3 (desktop now) and p1's previous user id do not count.
        record('m2', 'click', 20),
        record('m2', 'conversion', 19),
        record('d1', 'click', 20),
        record('old1', 'click', 20),
        // Before the range.
        record('m1', 'click', 10 * 24),
        // The same user id in another company.
        record('m1', 'click', 2, 'events', w.companies.globex.id),
      ]);
      const survey = await addPublished(w, companyId);
      const response = (visitorId: string | null, hoursBefore: number) => ({
        id: randomUUID(), company_id: companyId, survey_id: survey.id, visitor_id: visitorId, ip_address: null, device_type: 'mobile', user_agent: null, page_url: null,
        identifiers: '{}', answers: '{}', started_at: stored(at(hoursBefore)), completed_at: stored(at(hoursBefore)), completion_time_seconds: 10, is_complete: true,
        write_token_hash: randomUUID().replace(/-/g, ''), created_at: stored(at(hoursBefore)), updated_at: stored(at(hoursBefore)),
      });
      await knex('survey_responses').insert([
        response('v1', 2),
        response('v1', 5),
        response('v2', 40),
        // p3 is desktop now; v9 belonged to p1 only in the previous build; vx is nobody; one without a visitor.
        response('v3', 2),
        response('v9', 2),
        response('vx', 2),
        response(null, 2),
        response('v1', 10 * 24),
      ]);
    }

    const series = (w: World, path: string, who: Parameters<World['bearer']>[0], query: Record<string, string> = {}) =>
      w.http.get(`/api/dashboard/categories/${path}/series`).query({ range: '7d', ...query }).set(w.bearer(who));

    it('counts the category’s current profiles through every user id, and their visitors’ responses', async () => {
      const w = world();
      drill = await addCompanyWithAdmin(w, null);
      await arrange(w);
      const response = await series(w, 'category/mobile', drill.admin);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const points = response.body.points as Array<{ label: string; users: number; clicks: number; conversion: number | null; responses: number }>;
      expect(points.map((point) => point.label)).toEqual(['Mar 24', 'Mar 25', 'Mar 26', 'Mar 27', 'Mar 28', 'Mar 29', 'Mar 30']);
      // 30 March: p1 (m1 and m1b: two clicks, a purchase) and p2 (a view); v1's two responses.
      expect(points[6]).toMatchObject({ users: 2, clicks: 2, conversion: 50, responses: 2 });
      // 29 March: p2 alone (a click, a conversion).
      expect(points[5]).toMatchObject({ users: 1, clicks: 1, conversion: 100, responses: 0 });
      // 28 March: v2's response, no events.
      expect(points[4]).toMatchObject({ users: 0, clicks: 0, conversion: null, responses: 1 });
      expect(points.slice(0, 4).every((point) => point.users === 0 && point.responses === 0)).toBe(true);

      // Desktop: p3 alone, with its own user id and visitor.
      const desktop = (await series(w, 'category/desktop', drill.admin)).body.points as typeof points;
      expect(desktop[5]).toMatchObject({ users: 1, clicks: 1, conversion: 0 });
      expect(desktop[6]).toMatchObject({ users: 0, responses: 1 });
    });

    it('gives a saved view of the category the same figures, and All Companies at least this company’s', async () => {
      const w = world();
      const em = w.em();
      const view = em.create(AudienceView, {
        companyId: drill.company.id, name: 'Mobile people', description: '', filters: { dataSource: [], lifecycle: [], risk: [], recency: [] }, search: '',
        categoryId: 'mobile', userCount: 0, coverage: 0,
      });
      await em.flush();
      const category = await series(w, 'category/mobile', drill.admin);
      const viewed = await series(w, `view/${view.id}`, drill.admin);
      expect(viewed.status, JSON.stringify(viewed.body)).toBe(200);
      expect(viewed.body.points).toEqual(category.body.points);
      const all = await series(w, 'category/mobile', 'admin');
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      const today = all.body.points.at(-1) as { users: number; responses: number };
      expect(today.users).toBeGreaterThanOrEqual(2);
      expect(today.responses).toBeGreaterThanOrEqual(2);
    });

    // SQLite's plan is fixed by the query (cross join, indexed by); PostgreSQL's depends on statistics a tiny fixture cannot make realistic.
    if (!process.env.TEST_DATABASE_URL) {
      it('seeks each member’s events by the covering person index (SQLite: the order is fixed by the query)', async () => {
        const w = world();
        const knex = (w.orm.em as SqlEntityManager).getKnex();
        // With fresh statistics, as the planner would have them on a server.
        await knex.raw('analyze');
        const scope = { companyId: drill.company.id, name: 'Drill', timeZone: 'UTC' };
        const deps = { orm: w.orm, em: w.runtime.fork(), kind: w.config.database.kind, now: () => new Date(NOW) };
        const query = categorySeriesQuery(deps.kind, w.runtime.services.dashboard.resolve(scope, { range: '7d' }), await seriesTarget(deps, scope, 'category', 'mobile'));
        const plan = ((await knex.raw(`explain query plan ${query.sql}`, query.params as Knex.RawBinding[])) as Array<{ detail: string }>).map((step) => step.detail);
        expect(plan).toContain(
          'SEARCH r USING COVERING INDEX data_records_company_id_user_id_kind_event_time_index (company_id=? AND user_id=? AND kind=? AND event_time>? AND event_time<?)',
        );
        // The members: the company's user ids, each profile by its primary key.
        expect(plan).toContain('SEARCH i USING INDEX audience_identities_company_id_kind_value_index (company_id=? AND kind=?)');
        expect(plan.filter((step) => step === 'SEARCH p USING INDEX sqlite_autoindex_audience_profiles_1 (id=? AND generation=?)')).toHaveLength(2);
        // The responses: per survey in the range, then each visitor's identity.
        expect(plan).toContain('SEARCH s USING INDEX survey_responses_survey_id_created_at_index (survey_id=? AND created_at>? AND created_at<?)');
        expect(plan).toContain('SEARCH i USING INDEX audience_identities_company_id_kind_value_index (company_id=? AND kind=? AND value=?)');
        expect(plan.join(' | ')).not.toMatch(/SCAN (r|i|s|p)\b/);
      });
    }

    it('answers 503 dashboard_timeout when a request’s reads run out of time', async () => {
      const w = world();
      const { reader } = w.runtime.services.dashboard;
      const session = reader.session.bind(reader);
      const spent = vi.spyOn(reader, 'session').mockImplementation(() => session(0));
      try {
        const response = await series(w, 'category/mobile', drill.admin);
        expect(response.status).toBe(503);
        expect(response.body).toMatchObject({ code: 'dashboard_timeout', error: 'The figures took too long' });
        expect((await w.http.get('/api/dashboard/metrics').query({ range: '7d' }).set(w.bearer(drill.admin))).status).toBe(503);
      } finally {
        spent.mockRestore();
      }
      expect((await series(w, 'category/mobile', drill.admin)).status).toBe(200);
    });

    /** A reader of this world's database with its own budget: on a SQLite file, through the read thread. */
    function readerWithBudget(budgetMs: number) {
      const w = world();
      const knex = (w.orm.em as SqlEntityManager).getKnex();
      const kind = w.config.database.kind;
      const file = kind === 'sqlite' ? String(w.orm.config.get('dbName')) : undefined;
      return { kind, reader: createDashboardReader({ knex, kind, sqliteFile: file, budgetMs }) };
    }

    it('answers a read that ended within its budget even when the event loop was busy as the budget ran out', async () => {
      const { reader } = readerWithBudget(200);
      try {
        await reader.session(60_000)('select 1 as ready', []);
        const read = reader.session()('select 2 as answered', []);
        // Synchronous work of the server's (another request's write, say) until well past the budget,
        // from a phase after the event loop's polling: the answer arrives meanwhile, and the next
        // turn of the loop runs the budget's timer before it delivers the answer.
        setImmediate(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000));
        expect(await read).toEqual([{ answered: 2 }]);
        if (reader instanceof WorkerReader) expect(reader.abandonedThreads).toBe(0);
      } finally {
        await reader.close();
      }
    });

    it('stops a statement over the budget without holding the event loop, and reads again afterwards', async () => {
      const { kind, reader } = readerWithBudget(150);
      // Seconds of work on either engine: PostgreSQL sleeps, SQLite counts in a recursive query.
      const slow = kind === 'postgresql' ? 'select pg_sleep(3) as slept' : 'with recursive c(x) as (select 1 union all select x + 1 from c where x < 4000000) select count(*) as n from c';
      try {
        // The read thread starts first (a fraction of a second under tsx), outside the budget measured.
        await reader.session(60_000)('select 1 as ready', []);
        let ticks = 0;
        const ticker = setInterval(() => ticks++, 10);
        const started = performance.now();
        const failure = await reader.session()(slow, []).then(
          () => null,
          (error: unknown) => error,
        );
        const waited = performance.now() - started;
        clearInterval(ticker);
        expect(failure).toBeInstanceOf(HttpError);
        expect(failure).toMatchObject({ status: 503, code: 'dashboard_timeout' });
        expect(waited).toBeLessThan(1_500);
        // The event loop kept turning while the statement ran (on SQLite, in the read thread).
        expect(ticks).toBeGreaterThan(3);
        expect(await reader.session(60_000)('select 2 as again', [])).toEqual([{ again: 2 }]);
        if (reader instanceof WorkerReader) await vi.waitFor(() => expect(reader.abandonedThreads).toBe(0), { timeout: 60_000, interval: 100 });
      } finally {
        await reader.close();
      }
    });
  });
});
