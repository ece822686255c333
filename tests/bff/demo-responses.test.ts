/** The demo surveys' responses: acceptable answers, a realistic spread, deterministic per day, and fast to seed. */
import { describe, expect, it } from 'vitest';
import { answerError } from '@domain/survey/answers';
import { effectiveStatus } from '@domain/survey/lifecycle';
import { answersOfVisible, visibleQuestionIds } from '@domain/survey/visibility';
import { PublishedSurvey, SurveyResponse } from '@bff/entities';
import { DEMO_RESPONSE_DAYS, demoResponsesFor, seedDemoResponses } from '@bff/seeders/demoResponses';
import { seedDemoSurveys } from '@bff/seeders/demoSurveys';
import { useWorld } from './support/world';

const NOW = new Date('2026-03-10T16:45:00.000Z');
const DAY_MS = 86_400_000;
const KEYS = ['navout', 'acme', 'globex'] as const;

describe('demo responses', () => {
  const world = useWorld();
  let seededCount = 0;
  let seedMs = 0;

  const surveysOf = async () => world().em().find(PublishedSurvey, {}, { orderBy: { publishedAt: 'asc' } });
  const responsesOf = async (survey: PublishedSurvey) => world().em().find(SurveyResponse, { surveyId: survey.id }, { orderBy: { createdAt: 'asc', writeTokenHash: 'asc' } });
  const keyOf = (survey: PublishedSurvey) => KEYS.find((key) => world().companies[key].id === survey.companyId)!;

  it('seeds a few thousand responses in one transaction', async () => {
    const w = world();
    const admins = { navout: w.users.admin, acme: w.users.alice, globex: w.users.carol };
    await w.em().transactional(async (tx) => {
      await seedDemoSurveys(tx, w.companies, admins, NOW);
      const started = performance.now();
      seededCount = await seedDemoResponses(tx, w.companies, NOW);
      seedMs = performance.now() - started;
    });
    console.info(`Demo responses: ${seededCount} seeded in ${Math.round(seedMs)} ms`);
    expect(seededCount).toBeGreaterThan(2_000);
    expect(seededCount).toBeLessThan(6_000);
    expect(await w.em().count(SurveyResponse, {})).toBe(seededCount);
  });

  it('answers every survey for the days it ran, and keeps the running ones running', async () => {
    for (const survey of await surveysOf()) {
      const responses = await responsesOf(survey);
      const completed = responses.filter((response) => response.isComplete).length;
      expect(survey.responseCount, survey.name).toBe(completed);
      const started = (survey.startedAt ?? survey.publishedAt).getTime();
      for (const response of responses) {
        expect(response.createdAt.getTime()).toBeGreaterThanOrEqual(Math.max(started, NOW.getTime() - DEMO_RESPONSE_DAYS * DAY_MS));
        expect(response.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
      expect(responses.length, survey.name).toBeGreaterThan(20);
      if (survey.status === 'active') {
        const state = { status: survey.status, endCondition: survey.endCondition, startedAt: survey.startedAt?.toISOString() ?? null, responseCount: survey.responseCount };
        expect(effectiveStatus(state, NOW), survey.name).toBe('active');
        expect(responses.at(-1)!.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - DAY_MS);
      }
    }
  });

  it('stores only answers the collection route would accept, as each respondent saw the survey', async () => {
    for (const survey of await surveysOf()) {
      const questions = survey.survey.questions;
      for (const response of await responsesOf(survey)) {
        const answers = response.answers;
        expect(answersOfVisible(questions, answers), survey.name).toEqual(answers);
        for (const [id, answer] of Object.entries(answers)) {
          const question = questions.find((item) => item.id === id)!;
          expect(answerError(question, answer), `${survey.name} ${id} ${JSON.stringify(answer)}`).toBeNull();
        }
        if (response.isComplete) {
          const visible = visibleQuestionIds(questions, answers);
          for (const question of questions.filter((item) => item.required && visible.has(item.id))) expect(answers[question.id], question.id).toBeDefined();
          expect(response.completionTimeSeconds).toBeGreaterThanOrEqual(20);
          expect(response.completionTimeSeconds).toBeLessThanOrEqual(600);
          expect(response.completedAt!.getTime() - response.startedAt.getTime()).toBe(response.completionTimeSeconds! * 1000);
        } else {
          expect(response.completedAt).toBeNull();
          expect(response.completionTimeSeconds).toBeNull();
          expect(Object.keys(answers).length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('looks like real traffic: completions, devices with their browsers, returning visitors, recent and weekday peaks', async () => {
    const all = await world().em().find(SurveyResponse, {});
    const share = (count: number) => (count / all.length) * 100;
    expect(share(all.filter((response) => response.isComplete).length)).toBeGreaterThan(75);
    expect(share(all.filter((response) => response.isComplete).length)).toBeLessThan(85);
    expect(share(all.filter((response) => response.deviceType === 'desktop').length)).toBeCloseTo(55, -1);
    expect(share(all.filter((response) => response.deviceType === 'mobile').length)).toBeCloseTo(38, -1);
    expect(share(all.filter((response) => response.deviceType === 'tablet').length)).toBeGreaterThan(3);
    expect(share(all.filter((response) => response.deviceType === 'tablet').length)).toBeLessThan(11);
    for (const response of all) {
      if (response.deviceType === 'mobile') expect(response.userAgent).toMatch(/iPhone|Android.*Mobile/);
      if (response.deviceType === 'tablet') expect(response.userAgent).toMatch(/iPad|Android(?!.*Mobile)/);
      if (response.deviceType === 'desktop') expect(response.userAgent).not.toMatch(/Mobile|iPad/);
      expect(response.ipAddress).toMatch(/^\d+\.\d+\.\d+\.0$/);
    }

    const running = (await surveysOf()).find((survey) => survey.status === 'active' && survey.endCondition?.type === 'date')!;
    const users = await world().http.get(`/api/surveys/${running.id}/user-analytics`).set(world().bearer(keyOf(running) === 'acme' ? 'alice' : keyOf(running) === 'globex' ? 'carol' : 'admin'));
    expect(users.status).toBe(200);
    expect(users.body.returningUsers).toBeGreaterThan(10);

    const responses = await responsesOf(running);
    const daysAgo = (response: SurveyResponse) => (NOW.getTime() - response.createdAt.getTime()) / DAY_MS;
    const recent = responses.filter((response) => daysAgo(response) < 30).length;
    const early = responses.filter((response) => daysAgo(response) >= 60).length;
    expect(recent).toBeGreaterThan(early * 1.5);
    const weekend = responses.filter((response) => [0, 6].includes(response.createdAt.getUTCDay())).length / 2;
    const weekday = responses.filter((response) => ![0, 6].includes(response.createdAt.getUTCDay())).length / 5;
    expect(weekday).toBeGreaterThan(weekend * 1.4);
  });

  it('is the same for the same day', async () => {
    for (const survey of await surveysOf()) {
      const again = demoResponsesFor(keyOf(survey), survey, NOW).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.writeTokenHash.localeCompare(b.writeTokenHash));
      const stored = await responsesOf(survey);
      expect(again.map((response) => [response.createdAt.toISOString(), response.answers, response.deviceType])).toEqual(
        stored.map((response) => [response.createdAt.toISOString(), response.answers, response.deviceType]),
      );
    }
  });

  it('shows in the analytics route', async () => {
    const w = world();
    const running = (await surveysOf()).find((survey) => survey.companyId === w.companies.acme.id && survey.status === 'active' && survey.endCondition?.type === 'date')!;
    const analytics = await w.http.get(`/api/surveys/${running.id}/analytics`).set(w.bearer('alice'));
    expect(analytics.status).toBe(200);
    expect(analytics.body.totalResponses).toBe((await responsesOf(running)).length);
    expect(analytics.body.averageCompletionTime).toBeGreaterThanOrEqual(20);
  });
});
