import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Answer } from '@domain/survey/types';
import type { DeviceType } from '@domain/survey/collection';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';
import { PublishedSurvey } from './PublishedSurvey';

/**
 * One visitor's answers to a published survey, kept from the first answer on (partial responses
 * count too). `writeTokenHash` lets the visitor's browser continue it and nobody else.
 */
/**
 * The responses' search index, PostgreSQL only (a trigram index over RESPONSE_SEARCH_TEXT:
 * Migration20270106000000_responses_search); SQLite has none, and its schema is compared without
 * it (tests/bff/schema.test.ts).
 */
export const RESPONSE_SEARCH_INDEX = 'survey_responses_search_index';

/** A response's answers, identifiers and user agent as one text, as the search index covers them (PostgreSQL). */
export const RESPONSE_SEARCH_TEXT = "(answers::text || ' ' || identifiers::text || ' ' || coalesce(user_agent, ''))";

export const SurveyResponse = defineEntity({
  name: 'SurveyResponse',
  tableName: 'survey_responses',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    // Deleting a published survey deletes its responses (indexes below start with survey_id).
    surveyId: p.manyToOne(PublishedSurvey).mapToPk().fieldName('survey_id').index(false).updateRule('no action').deleteRule('cascade'),
    visitorId: nullable(p.string().length(64)),
    /** Truncated, hashed, whole or none, per the company's collection settings. */
    ipAddress: nullable(p.string().length(64)),
    deviceType: p.string().$type<DeviceType>().length(10),
    userAgent: nullable(p.text()),
    pageUrl: nullable(p.text()),
    identifiers: p.json<Record<string, string>>(),
    answers: p.json<Record<string, Answer>>(),
    startedAt: p.datetime(),
    completedAt: nullable(p.datetime()),
    completionTimeSeconds: nullable(p.integer()),
    isComplete: p.boolean(),
    writeTokenHash: p.string().length(64).hidden(),
  }),
  indexes: [{ properties: ['surveyId', 'createdAt'] }, { name: 'survey_responses_results_index', properties: ['surveyId', 'isComplete', 'deviceType', 'completionTimeSeconds'] }, { name: 'survey_responses_addresses_index', properties: ['surveyId', 'ipAddress', 'createdAt'] },
    { name: RESPONSE_SEARCH_INDEX, expression: `create index ${RESPONSE_SEARCH_INDEX} on survey_responses using gin (${RESPONSE_SEARCH_TEXT} gin_trgm_ops)` },
  ],
});
export type SurveyResponse = InferEntity<typeof SurveyResponse>;
