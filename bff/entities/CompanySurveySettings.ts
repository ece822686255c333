import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CollectionSettings, TriggerSettings } from '@domain/survey/collection';
import type { GlobalIdentifierSettings } from '@domain/survey/types';
import { baseProperties, nullable } from './BaseRecord';
import { Company } from './Company';

/**
 * A company's survey settings: one row per company, made the first time any of them is saved.
 * A null column reads as its defaults (src/domain/survey/collection.ts).
 */
export const CompanySurveySettings = defineEntity({
  name: 'CompanySurveySettings',
  tableName: 'company_survey_settings',
  properties: {
    companyId: p.manyToOne(Company).mapToPk().primary().fieldName('company_id').index(false).updateRule('no action').deleteRule('no action'),
    globalIdentifiers: p.json<GlobalIdentifierSettings>(),
    /** The Survey Completion Triggers form. */
    triggerSettings: nullable(p.json<TriggerSettings>()),
    /** The completion webhooks' signing secret, encrypted like data-source credentials (bff/platform/secrets.ts). */
    webhookSecret: nullable(p.text()),
    /** How respondents' addresses are kept, and the company-wide cooldown. */
    collectionSettings: nullable(p.json<CollectionSettings>()),
    updatedAt: baseProperties.updatedAt,
  },
});
export type CompanySurveySettings = InferEntity<typeof CompanySurveySettings>;
