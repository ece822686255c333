/**
 * The widget's bundle served from each process's memory: the company's bundle version moves on with
 * every change the bundle shows (the database's triggers, whatever wrote the change, and the
 * completion that fills a cap), and a process rebuilds its copy only when the version or the clock
 * says so, checking the version at most once per recheck interval. The survey a first answer
 * reads is kept the same way, and a copy older than its row writes nothing.
 */
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import { describe, expect, it } from 'vitest';
import type { PublicSurveyBundle, StartedResponse } from '@domain/survey/collection';
import { defaultSurvey } from '@domain/survey/defaults';
import { Company, CompanySurveySettings, PublishedSurvey, SurveyResponse } from '@bff/entities';
import { publicBundle } from '@bff/modules/collection/bundle';
import { bundleVersionOf, createBundleCache } from '@bff/modules/collection/bundleCache';
import { createCollectionService } from '@bff/modules/collection';
import { createSurveyReader } from '@bff/modules/collection/intakeSurvey';
import { countPendingCompletions } from '@bff/modules/responses/counts';
import { nextAddress } from './support/responses';
import { addPublished, question } from './support/surveys';
import { useWorld, type World } from './support/world';

const survey = () => ({ ...defaultSurvey(), title: 'Checkout', questions: [question('rating', 'q_rating', 'How was checkout?', { required: true })] });

describe('the survey bundle cache', () => {
  const world = useWorld({ env: { PUBLIC_RATE_LIMIT: '100000', PUBLIC_SURVEY_RATE_LIMIT: '100000' } });
  const versionOf = (w: World, companyId: string) => bundleVersionOf(w.em(), companyId);
  const knexOf = (w: World): Knex => (w.orm.em as SqlEntityManager).getKnex();
  const running = (w: World, companyId: string, details: Partial<PublishedSurvey> = {}) =>
    addPublished(w, companyId, { survey: survey(), status: 'active', startedAt: new Date(), ...details });

  it('moves the version on for every change the bundle shows, and not for a counted completion', async () => {
    const w = world();
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'admin' });
    const moved = async (change: () => Promise<unknown>) => {
      const before = await versionOf(w, company.id);
      await change();
      return (await versionOf(w, company.id)) - before;
    };

    const published = await running(w, company.id);
    expect(await versionOf(w, company.id)).toBeGreaterThan(0);
    expect(await moved(() => w.em().nativeUpdate(PublishedSurvey, { id: published.id }, { name: 'Checkout, renamed' }))).toBe(1);
    expect(
      await moved(() =>
        w.http.put(`/api/companies/${company.id}/collection-settings`).set(w.bearer(admin)).send({ collectionSettings: { ipAddressMode: 'hashed', cooldownDays: 3 } }).expect(200),
      ),
    ).toBe(1);
    expect(await moved(() => w.em().nativeUpdate(CompanySurveySettings, { companyId: company.id }, { collectionSettings: { ipAddressMode: 'hashed', cooldownDays: 5 } }))).toBe(1);

    // A completion is a count, not an edit: the cached bundle stays, when the count is pending and when the tally job adds it to the row.
    const started = await w.http.post(`/api/public/surveys/${published.id}/responses`).set('X-Forwarded-For', nextAddress()).send({ answers: { q_rating: 5 }, complete: true });
    expect(started.status).toBe(201);
    expect(await moved(async () => undefined)).toBe(0);
    expect(await moved(() => countPendingCompletions(knexOf(w), w.config.database.kind, published.id))).toBe(0);
    const [row] = await w.em().getConnection().execute<Array<{ response_count: number }>>('select response_count from published_surveys where id = ?', [published.id]);
    expect(Number(row!.response_count)).toBe(1);

    expect(await moved(() => w.em().nativeUpdate(Company, { id: company.id }, { status: 'suspended' }))).toBe(1);
    expect(await moved(() => w.em().nativeUpdate(Company, { id: company.id }, { name: 'Renamed only' }))).toBe(0);
    expect(await moved(() => w.em().nativeUpdate(Company, { id: company.id }, { status: 'active' }))).toBe(1);
    expect(await moved(() => w.em().nativeDelete(PublishedSurvey, { id: published.id }))).toBe(1);
  });

  it('takes a survey out of the bundle with the completion that fills its cap', async () => {
    const w = world();
    const company = await w.addCompany();
    const capped = await running(w, company.id, { endCondition: { type: 'responses', value: 2 } });
    const bundle = async () => (await w.http.get(`/api/public/companies/${company.id}/surveys`).set('X-Forwarded-For', nextAddress())).body as PublicSurveyBundle;
    const complete = async () => (await w.http.post(`/api/public/surveys/${capped.id}/responses`).set('X-Forwarded-For', nextAddress()).send({ answers: { q_rating: 4 }, complete: true })).body as StartedResponse;

    expect((await bundle()).surveys.map((item) => item.id)).toEqual([capped.id]);
    const before = await versionOf(w, company.id);
    await complete();
    expect(await versionOf(w, company.id)).toBe(before);
    await complete();
    expect(await versionOf(w, company.id)).toBe(before + 1);
    expect((await bundle()).surveys).toEqual([]);
  });

  it('reads the version at most once per recheck interval, and rebuilds only for a new version or a survey that ended', async () => {
    const w = world();
    const company = await w.addCompany();
    let clock = new Date();
    let monotonic = 0;
    let builds = 0;
    const cache = createBundleCache({
      fork: w.runtime.fork,
      now: () => clock,
      recheckMs: 1_000,
      monotonic: () => monotonic,
      build: (companyId) => {
        builds++;
        return publicBundle(w.em(), () => clock, companyId);
      },
    });
    const surveysIn = async () => (JSON.parse((await cache.get(company.id)).json.toString()) as PublicSurveyBundle).surveys.map((item) => item.id);

    const first = await running(w, company.id, { endCondition: { type: 'days', value: 1 }, startedAt: clock });
    // Concurrent misses share one build.
    await Promise.all([cache.get(company.id), cache.get(company.id), cache.get(company.id)]);
    expect(builds).toBe(1);

    const second = await running(w, company.id);
    monotonic += 999;
    expect(await surveysIn()).toEqual([first.id]);
    expect(builds).toBe(1);
    monotonic += 1;
    expect((await surveysIn()).sort()).toEqual([first.id, second.id].sort());
    expect(builds).toBe(2);

    // Checked again and unchanged: the same copy, the same ETag.
    const etag = (await cache.get(company.id)).etag;
    monotonic += 5_000;
    expect((await cache.get(company.id)).etag).toBe(etag);
    expect(builds).toBe(2);

    // The clock passes the first survey's end: no write happened, yet the bundle changes at once.
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await surveysIn()).toEqual([second.id]);
    expect(builds).toBe(3);
  });

  it("serves a change saved through this process at once, another process's at its next version check", async () => {
    const w = world();
    const company = await w.addCompany();
    const collection = createCollectionService({ orm: w.orm, fork: w.runtime.fork, config: { ...w.config, publicBundleRecheckMs: 60_000 }, now: () => new Date() });
    const names = async () => (JSON.parse((await collection.bundle(company.id)).json.toString()) as PublicSurveyBundle).surveys.map((item) => item.name);
    const published = await running(w, company.id, { name: 'Spring survey' });
    expect(await names()).toEqual(['Spring survey']);

    // Saved through the ORM here, as the dashboard's routes save: the next page view has it.
    const em = w.em();
    const row = await em.findOneOrFail(PublishedSurvey, { id: published.id });
    row.name = 'Summer survey';
    await em.flush();
    expect(await names()).toEqual(['Summer survey']);

    // Written elsewhere (another process: here a statement behind the ORM's back): this copy stands until its recheck.
    await w.em().nativeUpdate(PublishedSurvey, { id: published.id }, { name: 'Autumn survey' });
    expect(await names()).toEqual(['Summer survey']);
  });

  it("keeps a running survey's copy for its answers while its company's version stands, never a capped one's", async () => {
    const w = world();
    const company = await w.addCompany();
    let monotonic = 0;
    const surveys = createSurveyReader(w.orm, { recheckMs: 1_000, monotonic: () => monotonic });
    const published = await running(w, company.id, { name: 'Spring survey' });
    const first = await surveys.read(published.id);
    expect(first.name).toBe('Spring survey');

    // Written by any process: this copy stands until its recheck, then the moved version has the row read again.
    await w.em().nativeUpdate(PublishedSurvey, { id: published.id }, { name: 'Summer survey' });
    expect(await surveys.read(published.id)).toBe(first);
    monotonic += 1_000;
    const second = await surveys.read(published.id);
    expect(second.name).toBe('Summer survey');

    // A count is not a change: the version stands and the copy is used again after its recheck.
    await w.em().nativeUpdate(PublishedSurvey, { id: published.id }, { responseCount: 12 });
    monotonic += 5_000;
    expect(await surveys.read(published.id)).toBe(second);
    expect((await surveys.read(published.id, { fresh: true })).responseCount).toBe(12);

    // Forgotten (a change saved through this process): read again at once.
    const kept = await surveys.read(published.id);
    surveys.forget(company.id);
    expect(await surveys.read(published.id)).not.toBe(kept);

    const capped = await running(w, company.id, { endCondition: { type: 'responses', value: 5 } });
    expect(await surveys.read(capped.id)).not.toBe(await surveys.read(capped.id));
    await w.em().nativeDelete(PublishedSurvey, { id: published.id });
    monotonic += 1_000;
    await expect(surveys.read(published.id)).rejects.toMatchObject({ status: 404 });
  });

  it('writes nothing from a copy of a survey stopped or capped since, and answers as its row now says', async () => {
    const w = world();
    const company = await w.addCompany();
    const collection = createCollectionService({ orm: w.orm, fork: w.runtime.fork, config: { ...w.config, publicBundleRecheckMs: 60_000 }, now: () => new Date() });
    const published = await running(w, company.id);
    const respondent = () => ({ ip: nextAddress(), userAgent: 'Mozilla/5.0' });
    const answer = (complete: boolean) => collection.startResponse(published.id, { answers: { q_rating: 4 }, complete }, respondent());
    const stored = () => w.em().fork().count(SurveyResponse, { surveyId: published.id });
    expect((await answer(true)).body.isComplete).toBe(true);

    // Behind this process's back, as another process would write: its copy still says running.
    await w.em().nativeUpdate(PublishedSurvey, { id: published.id }, { status: 'inactive' });
    await expect(answer(false)).rejects.toMatchObject({ status: 409, code: 'survey_inactive', detail: 'This survey is not accepting responses.' });
    expect(await stored()).toBe(1);

    // Running again with a cap its one pending completion already fills.
    await w.em().nativeUpdate(PublishedSurvey, { id: published.id }, { status: 'active', endCondition: { type: 'responses', value: 1 } });
    await expect(answer(true)).rejects.toMatchObject({ status: 409, detail: 'This survey has received all the responses it accepts.' });
    expect(await stored()).toBe(1);

    // Uncapped again: the copy read afresh takes the answer.
    await w.em().nativeUpdate(PublishedSurvey, { id: published.id }, { endCondition: null });
    expect((await answer(true)).body.isComplete).toBe(true);
    expect(await stored()).toBe(2);
  });
});

