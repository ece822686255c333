/**
 * The audience build over a company whose records exercise every rule (support/audienceRecords.ts):
 * what it writes is the same as the recorded build's, identities that chain through several
 * sources are one profile, `maxProfilesPerMerge` holds, and every profile's totals equal a
 * recount from the records it was built from.
 */
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import { describe, expect, it } from 'vitest';
import { keyedIdentifiers, normaliseIdentifier, orderedForAnchor, type Identifier } from '@domain/audience/identity';
import { DAY_MS, RISK_WINDOW_DAYS } from '@domain/audience/scoring';
import { DataRecord, DataSource, PublishedSurvey, SurveyResponse } from '@bff/entities';
import { buildAudience, currentGeneration } from '@bff/modules/audience/build';
import { hashSecret } from '@bff/platform/secrets';
import { numberOf, rowsOf, timeOf } from '@bff/platform/sql';
import { addVariedRecords, audienceDigest, VARIED_MAX_MERGE, VARIED_NOW } from './support/audienceRecords';
import { readySurvey } from './support/surveys';
import { useWorld, type World } from './support/world';

/**
 * The digest of what the two-pass build (each record read twice, totals kept per profile in
 * objects) wrote for the varied company on SQLite and on PostgreSQL alike: any change to what a
 * build produces changes it.
 */
const RECORDED_DIGEST = '3daeb16373d923e8483e96ce3c9c5e3b0b32bee66f5ba2be67a0a6898e3399b6';
/** The same after a tenth of the events are deleted and the company rebuilt: ids kept and the summary's changes. */
const RECORDED_REBUILD_DIGEST = 'db37800cbfae72a74138acfa106c584bbf24f13acde67700147341b9ebfe1009';
const RECORDED_KEPT_IDS = 544;

describe('audience build', () => {
  const world = useWorld();
  const knexOf = (w: World): Knex => (w.orm.em as SqlEntityManager).getKnex();
  const build = (w: World, companyId: string, maxProfilesPerMerge = VARIED_MAX_MERGE) =>
    buildAudience({ knex: knexOf(w), kind: w.config.database.kind, companyId, now: VARIED_NOW, maxProfilesPerMerge });

  it('writes what the recorded build wrote', async () => {
    const w = world();
    const { companyId } = await addVariedRecords(w, (await w.addCompany()).id);
    const result = await build(w, companyId);
    expect(await audienceDigest(knexOf(w), companyId, result)).toBe(RECORDED_DIGEST);
    if (w.config.database.kind === 'postgresql') {
      // A first build leaves planner statistics for the tables it filled, autovacuum or not.
      const analyzed = rowsOf(await knexOf(w).raw("select relname from pg_stat_user_tables where last_analyze is not null and relname like 'audience_%' order by relname"));
      expect(analyzed.map((row) => row.relname)).toEqual(['audience_identities', 'audience_merges', 'audience_profiles']);
    }

    const knex = knexOf(w);
    const idsBefore = new Set((await knex('audience_profiles').where('company_id', companyId).select('id')).map((row: { id: string }) => row.id));
    const events = (await knex('data_records').where({ company_id: companyId, kind: 'events' }).orderBy('id').select('id')).map((row: { id: string }) => row.id);
    const deleted = events.filter((_, index) => index % 10 === 3);
    for (let start = 0; start < deleted.length; start += 200) await knex('data_records').whereIn('id', deleted.slice(start, start + 200)).delete();
    const rebuilt = await build(w, companyId);
    const idsAfter = (await knex('audience_profiles').where('company_id', companyId).select('id')).map((row: { id: string }) => row.id);
    expect({ digest: await audienceDigest(knex, companyId, rebuilt), keptIds: idsAfter.filter((id: string) => idsBefore.has(id)).length }).toEqual({
      digest: RECORDED_REBUILD_DIGEST,
      keptIds: RECORDED_KEPT_IDS,
    });
  });

  /** The current generation's profiles, each with its identities and joins. */
  const profilesOf = async (w: World, companyId: string) => {
    const knex = knexOf(w);
    const generation = await currentGeneration(knex, companyId);
    const read = async (table: string) => rowsOf(await knex.raw(`select * from ${table} where company_id = ? and generation = ?`, [companyId, generation]));
    const identities = await read('audience_identities');
    const merges = await read('audience_merges');
    return (await read('audience_profiles')).map((profile) => ({
      profile,
      identities: identities.filter((row) => row.profile_id === profile.id).map((row) => `${String(row.kind)}:${String(row.value)}`).sort(),
      merges: merges.filter((row) => row.profile_id === profile.id),
    }));
  };

  it('joins identities that chain through three sources into one profile', async () => {
    const w = world();
    const companyId = (await w.addCompany()).id;
    const em = w.em();
    const source = (name: string, catalogueId: string, type: string, recordKind: 'people' | 'events') =>
      em.create(DataSource, { companyId, name, type, catalogueId, recordKind, status: 'active', config: {}, mapping: {}, fields: [] });
    const crm = source('Salesforce', 'salesforce', 'CRM Systems', 'people');
    const web = source('Google Analytics', 'google-analytics', 'Web Analytics', 'events');
    const at = VARIED_NOW.getTime() - 3 * DAY_MS;
    em.create(DataRecord, {
      companyId, sourceId: crm.id, kind: 'people', data: {}, unified: { user_id: 'c-1', email: 'chain@example.com', name: 'Chain Person' }, sourceType: 'csv', importedAt: new Date(at),
      recordIndex: 0, userId: 'c-1', email: 'chain@example.com',
    });
    // A visitor seen on the website, known by nothing else yet...
    em.create(DataRecord, {
      companyId, sourceId: web.id, kind: 'events', data: {}, unified: { event_type: 'page_view' }, sourceType: 'json', importedAt: new Date(at), recordIndex: 1, anonymousId: 'v-chain',
      eventType: 'page_view', eventTime: new Date(at),
    });
    // ...who answers a survey with the CRM address: the survey joins the visitor to the CRM person.
    const survey = readySurvey();
    const published = em.create(PublishedSurvey, { companyId, name: 'Chain survey', survey, embedSettings: {} as never, displayTriggers: {} as never, status: 'inactive', publishedAt: new Date(at) });
    em.create(SurveyResponse, {
      companyId, surveyId: published.id, visitorId: 'v-chain', deviceType: 'mobile', identifiers: { user_email: 'Chain@Example.com' }, answers: {}, startedAt: new Date(at + 1000),
      completedAt: new Date(at + 5000), completionTimeSeconds: 4, isComplete: true, writeTokenHash: hashSecret(`chain-${companyId}`),
    });
    await em.flush();

    const result = await build(w, companyId);
    expect(result.profiles).toBe(1);
    const [only] = await profilesOf(w, companyId);
    expect(only!.identities).toEqual(['anonymous_id:v-chain', 'email:chain@example.com', 'user_id:c-1']);
    expect(only!.profile).toMatchObject({ name: 'Chain Person', event_count: 1, survey_count: 1 });
    expect(JSON.parse(String(typeof only!.profile.source_names === 'string' ? only!.profile.source_names : JSON.stringify(only!.profile.source_names)))).toEqual([
      'Google Analytics', 'Salesforce', 'Survey: Chain survey',
    ]);
    // The survey response joined the two profiles known before it: recorded with its identifier and source.
    expect(only!.merges.map((merge) => [merge.identifier_kind, merge.source, Boolean(merge.refused)])).toContainEqual(['anonymous_id', 'Survey: Chain survey', false]);
  });

  it('keeps a profile to maxProfilesPerMerge people, however the join reaches it', async () => {
    const w = world();
    const companyId = (await w.addCompany()).id;
    const em = w.em();
    const crm = em.create(DataSource, { companyId, name: 'CRM', type: 'CRM Systems', catalogueId: 'salesforce', recordKind: 'people', status: 'active', config: {}, mapping: {}, fields: [] });
    const app = em.create(DataSource, { companyId, name: 'App', type: 'Analytics & Growth', catalogueId: 'segment', recordKind: 'events', status: 'active', config: {}, mapping: {}, fields: [] });
    let index = 0;
    // Ids in the order made: records are read by id, and the order decides which join is refused.
    const nextId = () => `${companyId.slice(0, 8)}-0000-4000-8000-${(index++).toString(16).padStart(12, '0')}`;
    const person = (userId: string, email: string) =>
      em.create(DataRecord, { id: nextId(), companyId, sourceId: crm.id, kind: 'people', data: {}, unified: { user_id: userId, email }, sourceType: 'csv', importedAt: new Date(), recordIndex: index, userId, email });
    const event = (userId: string, anonymousId: string) =>
      em.create(DataRecord, {
        id: nextId(), companyId, sourceId: app.id, kind: 'events', data: {}, unified: { event_type: 'open' }, sourceType: 'json', importedAt: new Date(), recordIndex: index, userId, anonymousId,
        eventType: 'open', eventTime: new Date(VARIED_NOW.getTime() - DAY_MS),
      });
    // Two people share an address (two people: allowed at 2); a third shares a device with one of them.
    person('p-1', 'home@example.com');
    person('p-2', 'home@example.com');
    person('p-3', 'p3@example.com');
    event('p-3', 'tablet-1');
    event('p-1', 'tablet-1');
    await em.flush();

    const result = await build(w, companyId, 2);
    expect(result.profiles).toBe(2);
    expect(result.refused).toEqual([{ kind: 'anonymous_id', value: 'tablet-1', source: 'App', profilesJoined: 3 }]);
    const profiles = await profilesOf(w, companyId);
    expect(profiles.map((entry) => entry.identities).sort()).toEqual([
      ['anonymous_id:tablet-1', 'email:p3@example.com', 'user_id:p-3'],
      ['email:home@example.com', 'user_id:p-1', 'user_id:p-2'],
    ]);
    for (const { identities } of profiles) expect(identities.filter((identity) => identity.startsWith('user_id:')).length).toBeLessThanOrEqual(2);

    // With room for three, the same records make one profile.
    expect((await build(w, companyId, 3)).profiles).toBe(1);
  });

  it("counts every profile's totals as a recount from the records it was built from", async () => {
    const w = world();
    const { companyId } = await addVariedRecords(w, (await w.addCompany()).id);
    await build(w, companyId);
    const knex = knexOf(w);
    const profiles = await profilesOf(w, companyId);
    const profileOf = new Map<string, string>();
    for (const { profile, identities } of profiles) for (const identity of identities) profileOf.set(identity, String(profile.id));

    // Each record belongs to the profile of its strongest identifier (orderedForAnchor).
    interface Recount { events: number; recent: number; previous: number; surveys: number; seconds: number; revenue: number; sources: Set<string> }
    const recounts = new Map<string, Recount>();
    const recountOf = (identifiers: Identifier[]) => {
      const anchor = orderedForAnchor(identifiers)[0];
      if (!anchor) return null;
      const id = profileOf.get(`${anchor.kind}:${anchor.value}`)!;
      let recount = recounts.get(id);
      if (!recount) recounts.set(id, (recount = { events: 0, recent: 0, previous: 0, surveys: 0, seconds: 0, revenue: 0, sources: new Set() }));
      return recount;
    };
    const now = VARIED_NOW.getTime();
    const window = RISK_WINDOW_DAYS * DAY_MS;
    const sourceNames = new Map(rowsOf(await knex.raw('select id, name from data_sources where company_id = ?', [companyId])).map((row) => [String(row.id), String(row.name)]));
    const records = rowsOf(await knex.raw("select * from data_records where company_id = ? and kind in ('people', 'events')", [companyId]));
    const identifiersOf = (row: Record<string, unknown>) =>
      [normaliseIdentifier('user_id', row.user_id), normaliseIdentifier('email', row.email), normaliseIdentifier('anonymous_id', row.anonymous_id)].filter((value): value is Identifier => value !== null);
    for (const row of records) {
      const recount = recountOf(identifiersOf(row));
      if (!recount) continue;
      recount.sources.add(row.source_type === 'api' ? 'Prediction API' : sourceNames.get(String(row.source_id))!);
      if (row.kind !== 'events') continue;
      recount.events++;
      const at = timeOf(row.event_time);
      if (at !== null && at >= now - window) recount.recent++;
      else if (at !== null && at >= now - 2 * window) recount.previous++;
      const unified = typeof row.unified === 'string' ? (JSON.parse(row.unified) as Record<string, unknown>) : (row.unified as Record<string, unknown>);
      if (/purchase|order|checkout|conversion|payment|charge/i.test(String(row.event_type ?? ''))) recount.revenue += numberOf(unified.revenue) ?? 0;
    }
    const surveyNames = new Map(rowsOf(await knex.raw('select id, name from published_surveys where company_id = ?', [companyId])).map((row) => [String(row.id), String(row.name)]));
    const fields = { email: 'contact_email', uuid: 'member_no' };
    for (const row of rowsOf(await knex.raw('select * from survey_responses where company_id = ?', [companyId]))) {
      const given = typeof row.identifiers === 'string' ? (JSON.parse(row.identifiers) as Record<string, unknown>) : (row.identifiers as Record<string, unknown>);
      const visitor = normaliseIdentifier('anonymous_id', row.visitor_id);
      const recount = recountOf([...keyedIdentifiers(given, fields), ...(visitor ? [visitor] : [])]);
      if (!recount) continue;
      recount.surveys++;
      recount.seconds += Math.max(0, Math.round(numberOf(row.completion_time_seconds) ?? 0));
      recount.sources.add(`Survey: ${surveyNames.get(String(row.survey_id))}`);
    }

    let recounted = 0;
    for (const { profile, identities } of profiles) {
      const recount = recounts.get(String(profile.id));
      if (!identities.length) continue;
      recounted++;
      const names = (typeof profile.source_names === 'string' ? JSON.parse(profile.source_names) : profile.source_names) as string[];
      expect({
        events: Number(profile.event_count), recent: Number(profile.recent_events), previous: Number(profile.previous_events), surveys: Number(profile.survey_count),
        seconds: Number(profile.completion_seconds), sources: names,
      }, String(profile.user_id ?? profile.email ?? identities[0])).toEqual({
        events: recount?.events ?? 0, recent: recount?.recent ?? 0, previous: recount?.previous ?? 0, surveys: recount?.surveys ?? 0, seconds: recount?.seconds ?? 0,
        sources: [...(recount?.sources ?? [])].sort(),
      });
      // Lifetime value is at least the purchases' revenue (or the people records' own, when larger).
      expect(Number(profile.ltv)).toBeGreaterThanOrEqual(Math.fround(Math.round((recount?.revenue ?? 0) * 100) / 100) - 0.01);
    }
    expect(recounted).toBeGreaterThan(300);
  });
});

