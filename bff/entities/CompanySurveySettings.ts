import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { GlobalIdentifierSettings } from '@domain/survey/types';
import { baseProperties } from './BaseRecord';
import { Company } from './Company';

/** A company's survey settings: one row per company, made the first time they are saved. */
export const CompanySurveySettings = defineEntity({
  name: 'CompanySurveySettings',
  tableName: 'company_survey_settings',
  properties: {
    companyId: p.manyToOne(Company).mapToPk().primary().fieldName('company_id').index(false).updateRule('no action').deleteRule('no action'),
    globalIdentifiers: p.json<GlobalIdentifierSettings>(),
    updatedAt: baseProperties.updatedAt,
  },
});
export type CompanySurveySettings = InferEntity<typeof CompanySurveySettings>;
