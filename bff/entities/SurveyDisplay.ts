import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { DisplayOutcome } from '@domain/survey/collection';
import { baseProperties } from './BaseRecord';
import { Company } from './Company';
import { PublishedSurvey } from './PublishedSurvey';

/** A survey shown to a visitor, or held out (recorded, never shown). Never updated. */
export const SurveyDisplay = defineEntity({
  name: 'SurveyDisplay',
  tableName: 'survey_displays',
  properties: {
    id: baseProperties.id,
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    surveyId: p.manyToOne(PublishedSurvey).mapToPk().fieldName('survey_id').index(false).updateRule('no action').deleteRule('cascade'),
    visitorId: p.string().length(64),
    outcome: p.string().$type<DisplayOutcome>().length(10),
    createdAt: baseProperties.createdAt,
  },
  indexes: [{ properties: ['surveyId', 'createdAt'] }],
});
export type SurveyDisplay = InferEntity<typeof SurveyDisplay>;
