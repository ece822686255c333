import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Survey } from '@domain/survey/types';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/** A survey being written in CreateIQ: checked by surveySchema on every save, not yet publishable. */
export const SurveyDraft = defineEntity({
  name: 'SurveyDraft',
  tableName: 'survey_drafts',
  properties: record({
    // The composite index below starts with company_id and serves the foreign key too.
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    name: p.string(),
    survey: p.json<Survey>(),
    /** The user who created it; no foreign key, so the draft outlives that user. */
    createdById: nullable(p.string().length(36)),
  }),
  // The list reads a company's drafts newest first.
  indexes: [{ properties: ['companyId', 'updatedAt'] }],
});
export type SurveyDraft = InferEntity<typeof SurveyDraft>;
