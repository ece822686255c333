/** The demo surveys: publishable, deterministic per UTC day, and answered as the product shows them. */
import { describe, expect, it } from 'vitest';
import { publishProblems } from '@domain/survey/check';
import { surveySchema } from '@domain/survey/schemas';
import { QUESTION_TYPES, type PublishedSurvey as PublishedSurveyView } from '@domain/survey/types';
import { demoSurveySet, seedDemoSurveys } from '@bff/seeders/demoSurveys';
import { useWorld } from './support/world';

const SEED_DAY = new Date('2026-03-10T07:30:00.000Z');
const KEYS = ['navout', 'acme', 'globex'] as const;

describe('demo surveys', () => {
  const world = useWorld();

  it.each(KEYS)('gives %s two drafts and three publishable surveys, one with every question type and a condition', (key) => {
    const set = demoSurveySet(key, SEED_DAY);
    expect(set.drafts).toHaveLength(2);
    expect(set.published).toHaveLength(3);
    for (const draft of set.drafts) expect(() => surveySchema.validateSync(draft.survey, { strict: true })).not.toThrow();
    for (const survey of set.published) {
      expect(() => surveySchema.validateSync(survey.survey, { strict: true }), survey.name).not.toThrow();
      expect(publishProblems(survey.survey), survey.name).toEqual([]);
    }
    const [running, stopped, everyType] = set.published;
    expect(running).toMatchObject({ status: 'active', endCondition: { type: 'date', value: '2026-04-09' } });
    expect(stopped!.status).toBe('inactive');
    expect(new Set(everyType!.survey.questions.map((question) => question.type))).toEqual(new Set(QUESTION_TYPES));
    expect(everyType!.survey.questions.some((question) => question.conditions.length > 0)).toBe(true);
    expect(everyType!.embedSettings.widget).toMatchObject({ displayMode: 'button', position: 'bottom-left' });
    expect(everyType!.displayTriggers.pageTargeting.enabled).toBe(true);
    expect(everyType!.survey.settings.theme.primaryColor).not.toBe('#007bff');
  });

  it('is the same all day and moves with the day', () => {
    const later = new Date('2026-03-10T23:59:00.000Z');
    expect(demoSurveySet('acme', later)).toEqual(demoSurveySet('acme', SEED_DAY));
    expect(demoSurveySet('acme', new Date('2026-03-11T00:00:00.000Z')).published[0]!.endCondition).toEqual({ type: 'date', value: '2026-04-10' });
  });

  it('is stored and answered with each company\'s own surveys', async () => {
    const w = world();
    const admins = { navout: w.users.admin, acme: w.users.alice, globex: w.users.carol };
    const now = new Date();
    await seedDemoSurveys(w.em(), w.companies, admins, now);

    const published = await w.http.get('/api/surveys/published').set(w.bearer('alice'));
    expect(published.status).toBe(200);
    const surveys = published.body as PublishedSurveyView[];
    expect(surveys.map((survey) => [survey.name, survey.status])).toEqual([
      ['Home style profile', 'active'],
      ['Product feedback — home collection', 'active'],
      ['Store NPS', 'inactive'],
    ]);
    expect(surveys.every((survey) => survey.companyId === w.companies.acme.id)).toBe(true);

    const drafts = await w.http.get('/api/surveys/drafts').set(w.bearer('carol'));
    expect(drafts.body.map((draft: { name: string }) => draft.name)).toEqual(['Telehealth experience', 'Flu season check-in']);
    const everyone = await w.http.get('/api/surveys/published').query({ companyFilter: 'all' }).set(w.bearer('admin'));
    expect(everyone.body).toHaveLength(9);
  });
});
