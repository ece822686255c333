import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PublishedSurvey } from './PublishedSurvey';

/**
 * A survey's responses counted per respondent's address: how many, and the latest one's time. Kept
 * by the tally job with the answer tallies, for the responses taken off the tally queue
 * (bff/modules/responses/tallies.ts); InsightIQ's user analytics add the responses not yet tallied,
 * and rank a survey's addresses from these rows instead of from every response.
 */
export const SurveyAddressTally = defineEntity({
  name: 'SurveyAddressTally',
  tableName: 'survey_address_tallies',
  properties: {
    // Deleting a published survey deletes its tallies (the primary key starts with survey_id).
    surveyId: p.manyToOne(PublishedSurvey).mapToPk().primary().fieldName('survey_id').index(false).updateRule('no action').deleteRule('cascade'),
    ipAddress: p.string().primary().length(64),
    responses: p.integer(),
    lastResponse: p.datetime(),
  },
});
export type SurveyAddressTally = InferEntity<typeof SurveyAddressTally>;
