import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PublishedSurvey } from './PublishedSurvey';

/**
 * A survey's answers counted, per question and completeness: the 'answered' row (value '') counts
 * the responses that answered and the count and sum of their numeric answers; a 'chosen' row counts
 * one value. Kept by the tally job for the responses taken off the tally queue
 * (bff/modules/responses/tallies.ts); InsightIQ adds the responses still queued (UntalliedResponse).
 */
export const SurveyAnswerTally = defineEntity({
  name: 'SurveyAnswerTally',
  tableName: 'survey_answer_tallies',
  properties: {
    id: p.string().primary().length(36),
    // Deleting a published survey deletes its tallies (the unique index starts with survey_id).
    surveyId: p.manyToOne(PublishedSurvey).mapToPk().fieldName('survey_id').index(false).updateRule('no action').deleteRule('cascade'),
    questionId: p.string().length(100),
    isComplete: p.boolean(),
    kind: p.string().$type<'answered' | 'chosen'>().length(10),
    value: p.text(),
    responses: p.integer(),
    numbered: p.integer(),
    numberSum: p.double(),
  },
  uniques: [{ name: 'survey_answer_tallies_unique', properties: ['surveyId', 'questionId', 'isComplete', 'kind', 'value'] }],
});
export type SurveyAnswerTally = InferEntity<typeof SurveyAnswerTally>;
