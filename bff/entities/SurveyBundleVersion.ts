import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Company } from './Company';

/**
 * A number per company that grows with every change to what the widget's survey bundle shows
 * (surveys, their styling and targeting, survey settings, the company's status). Written only by
 * the database's triggers (Migration20270104000000_survey_bundle_versions) and by the completion
 * that fills a responses cap; read by the bundle cache (bff/modules/collection/bundleCache.ts).
 */
export const SurveyBundleVersion = defineEntity({
  name: 'SurveyBundleVersion',
  tableName: 'survey_bundle_versions',
  properties: {
    companyId: p.manyToOne(Company).mapToPk().primary().fieldName('company_id').index(false).updateRule('no action').deleteRule('cascade'),
    version: p.integer(),
  },
});
export type SurveyBundleVersion = InferEntity<typeof SurveyBundleVersion>;
