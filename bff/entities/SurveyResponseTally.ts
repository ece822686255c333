import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { DeviceType } from '@domain/survey/collection';
import { nullable } from './BaseRecord';
import { PublishedSurvey } from './PublishedSurvey';

/**
 * A survey's responses counted per UTC day of their creation, device and completeness: how many,
 * and the count, sum, shortest and longest of their completion times. Kept by the responses' tally
 * job with the answer tallies, for the responses taken off the tally queue (bff/modules/responses/tallies.ts);
 * InsightIQ's analytics add the responses not yet tallied, and read a few rows per day of the
 * survey instead of every response.
 */
export const SurveyResponseTally = defineEntity({
  name: 'SurveyResponseTally',
  tableName: 'survey_response_tallies',
  properties: {
    // Deleting a published survey deletes its tallies (the primary key starts with survey_id).
    surveyId: p.manyToOne(PublishedSurvey).mapToPk().primary().fieldName('survey_id').index(false).updateRule('no action').deleteRule('cascade'),
    /** The responses' UTC day, in whole days since 1970-01-01. */
    day: p.integer().primary(),
    deviceType: p.string().$type<DeviceType>().primary().length(10),
    isComplete: p.boolean().primary(),
    responses: p.integer(),
    /** How many of them have a completion time (the complete ones), their sum, the shortest and the longest. */
    timed: p.integer(),
    timeSum: p.double(),
    fastest: nullable(p.integer()),
    longest: nullable(p.integer()),
  },
});
export type SurveyResponseTally = InferEntity<typeof SurveyResponseTally>;
