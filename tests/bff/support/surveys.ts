/** Surveys for the BFF tests, built from the shared defaults so they pass surveySchema. */
import { defaultDisplayTriggers, defaultEmbedSettings, defaultSurvey, newQuestion } from '@domain/survey/defaults';
import type { Question, QuestionType, Survey } from '@domain/survey/types';
import { PublishedSurvey, SurveyDraft } from '@bff/entities';
import { unique, type World } from './world';

export function question(type: QuestionType, id: string, title: string, details: Partial<Question> = {}): Question {
  return { ...newQuestion(type, id), title, ...details };
}

/** A survey ready to publish: a title and two questions, the second shown after a low rating. */
export function readySurvey(details: Partial<Survey> = {}): Survey {
  return {
    ...defaultSurvey(),
    title: 'Store visit feedback',
    questions: [
      question('rating', 'q_rating', 'How was your visit?'),
      question('textarea', 'q_why', 'What could we do better?', {
        conditions: [{ id: 'c_low', targetQuestionId: 'q_rating', operator: 'less_than', value: '3', action: 'show' }],
      }),
    ],
    ...details,
  };
}

/** Rows made directly, for tests that need a survey without going through the routes. */
export async function addDraft(world: World, companyId: string, survey: Survey = readySurvey()): Promise<SurveyDraft> {
  const em = world.em();
  const draft = em.create(SurveyDraft, { companyId, name: unique('Draft'), survey });
  await em.flush();
  return draft;
}

export async function addPublished(world: World, companyId: string, details: Partial<PublishedSurvey> = {}): Promise<PublishedSurvey> {
  const em = world.em();
  const survey = readySurvey();
  const published = em.create(PublishedSurvey, {
    companyId,
    name: unique('Survey'),
    survey,
    embedSettings: defaultEmbedSettings(survey.settings),
    displayTriggers: defaultDisplayTriggers(),
    status: 'inactive',
    publishedAt: new Date(),
    ...details,
  });
  await em.flush();
  return published;
}
