import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AudienceJobKind, AudienceJobStatus, AudienceJobSummary } from '@domain/audience/contract';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/** A rebuild or reclassification of a company's profiles, run in the background; its progress and what it changed. */
export const AudienceJob = defineEntity({
  name: 'AudienceJob',
  tableName: 'audience_jobs',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    kind: p.string().$type<AudienceJobKind>().length(12),
    status: p.string().$type<AudienceJobStatus>().length(10),
    progress: p.float(),
    processed: p.integer(),
    total: p.integer(),
    summary: nullable(p.json<AudienceJobSummary>()),
    error: nullable(p.string().length(500)),
    finishedAt: nullable(p.datetime()),
    createdById: nullable(p.string().length(36)),
  }),
  indexes: [{ properties: ['companyId', 'createdAt'] }],
});
export type AudienceJob = InferEntity<typeof AudienceJob>;
