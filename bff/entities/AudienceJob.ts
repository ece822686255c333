import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AudienceJobKind, AudienceJobStatus, AudienceJobSummary } from '@domain/audience/contract';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * A build of a company's profiles on the job queue: a rebuild or reclassification asked for on the
 * screen, or a refresh the refresher queued because the company's data changed (refreshes are
 * internal: deleted once they end). Its progress, what it changed, and its lease while running.
 */
export const AudienceJob = defineEntity({
  name: 'AudienceJob',
  tableName: 'audience_jobs',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    kind: p.string().$type<AudienceJobKind | 'refresh'>().length(12),
    status: p.string().$type<AudienceJobStatus>().length(10),
    progress: p.float(),
    processed: p.integer(),
    total: p.integer(),
    summary: nullable(p.json<AudienceJobSummary>()),
    error: nullable(p.string().length(500)),
    finishedAt: nullable(p.datetime()),
    createdById: nullable(p.string().length(36)),
    lockedBy: nullable(p.string().length(100)),
    lockedUntil: nullable(p.datetime()),
  }),
  indexes: [{ properties: ['companyId', 'createdAt'] }, { properties: ['status', 'createdAt'] }],
  uniques: [
    {
      // One company is never built twice at once (see the migration).
      name: 'audience_jobs_one_active',
      expression: "create unique index audience_jobs_one_active on audience_jobs (company_id) where status in ('queued', 'running')",
    },
  ],
});
export type AudienceJob = InferEntity<typeof AudienceJob>;
