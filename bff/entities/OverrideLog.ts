import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { OverrideLog as OverrideLogView, GlobalIdentifierSettings } from '@domain/survey/types';
import { baseProperties } from './BaseRecord';
import { Company } from './Company';
import { PublishedSurvey } from './PublishedSurvey';

/**
 * A survey's override of the company's identifier requirements, as it was when saved: the names
 * and settings are copied, so the record still reads right after the survey or the user is gone.
 * Never updated.
 */
export const OverrideLog = defineEntity({
  name: 'OverrideLog',
  tableName: 'override_logs',
  properties: {
    id: baseProperties.id,
    // The composite index below starts with company_id and serves the foreign key too.
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    // Deleting the survey keeps its log, without the link.
    surveyId: p
      .manyToOne(PublishedSurvey)
      .mapToPk()
      .nullable()
      .fieldName('survey_id')
      .index()
      .updateRule('no action')
      .deleteRule('set null'),
    surveyName: p.string(),
    /** No foreign key: the log outlives the user. */
    userId: p.string().length(36),
    userName: p.string(),
    globalSettings: p.json<GlobalIdentifierSettings>(),
    customSettings: p.json<OverrideLogView['customSettings']>(),
    overrideReason: p.text(),
    createdAt: baseProperties.createdAt,
  },
  indexes: [{ properties: ['companyId', 'createdAt'] }],
});
export type OverrideLog = InferEntity<typeof OverrideLog>;
