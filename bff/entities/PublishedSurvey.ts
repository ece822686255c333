import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { DisplayTriggers, EmbedSettings, EndCondition, Survey, SurveyStatus } from '@domain/survey/types';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * A published survey with its own styling and targeting. `status` is what was last chosen (Start
 * or Stop); every answer reports effectiveStatus, which also counts the end condition.
 */
export const PublishedSurvey = defineEntity({
  name: 'PublishedSurvey',
  tableName: 'published_surveys',
  properties: record({
    // The composite index below starts with company_id and serves the foreign key too.
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    name: p.string(),
    survey: p.json<Survey>(),
    embedSettings: p.json<EmbedSettings>(),
    displayTriggers: p.json<DisplayTriggers>(),
    status: p.string().$type<SurveyStatus>().length(10),
    endCondition: nullable(p.json<EndCondition>()),
    /** When it was last started: a days end condition counts from here. */
    startedAt: nullable(p.datetime()),
    publishedAt: p.datetime(),
    responseCount: p
      .integer()
      .default(0)
      .onCreate(() => 0),
    createdById: nullable(p.string().length(36)),
  }),
  indexes: [{ properties: ['companyId', 'publishedAt'] }],
});
export type PublishedSurvey = InferEntity<typeof PublishedSurvey>;
