import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PublishedSurvey } from './PublishedSurvey';

/**
 * A response not yet counted into its survey's tallies: written with the response (and again when
 * an abandoned response already tallied is continued), deleted by the tally job as it
 * counts the response (bff/modules/responses/tallies.ts). InsightIQ reads these responses live beside
 * the tallies. A queue of its own rather than a flag on the response: marking a million responses
 * would rewrite each one's row and every index over it (the search index too), where deleting a
 * small row here leaves the responses as they were written.
 */
export const UntalliedResponse = defineEntity({
  name: 'UntalliedResponse',
  tableName: 'untallied_responses',
  properties: {
    // No foreign key to the response: checking it would lock each new response's row as it is
    // queued (a tenth of the submissions' rate on PostgreSQL), and responses are only ever deleted
    // with their survey, which deletes their places here too.
    responseId: p.string().primary().length(36).fieldName('response_id'),
    surveyId: p.manyToOne(PublishedSurvey).mapToPk().fieldName('survey_id').index(false).updateRule('no action').deleteRule('cascade'),
    /** A completion not yet added to its survey's response_count: the tally job adds it first (bff/modules/responses/counts.ts). */
    countPending: p.boolean().default(false),
  },
  // A survey's queued responses: InsightIQ's live reads and the tally job's batches.
  indexes: [{ name: 'untallied_responses_survey_id_index', properties: ['surveyId'] }],
});
export type UntalliedResponse = InferEntity<typeof UntalliedResponse>;
