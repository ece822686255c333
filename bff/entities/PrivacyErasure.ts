import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ErasureIdentifierType, ErasureStatus, ErasureStep } from '@domain/privacy/contract';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * The erasure of one person (GDPR art. 17) on the job queue: asked for by one identifier, run by
 * one process with a lease renewed while it runs (bff/modules/privacy/jobs.ts). `identifiers` holds
 * every identifier linked to the one given while the job runs, and is emptied when it ends: what is
 * left afterwards is the masked hint, the counts and the suppressions' hashes. `steps` records, per
 * store, whether its step is done and how many rows it removed or anonymised, so a job taken up
 * again after its process died continues where it stopped.
 */
export const PrivacyErasure = defineEntity({
  name: 'PrivacyErasure',
  tableName: 'privacy_erasures',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    identifierType: p.string().$type<ErasureIdentifierType>().length(12),
    /** The identifier as asked for, masked (j***@example.com): what the screen shows. */
    identifierHint: p.string().length(255),
    /** Every identifier linked to the one asked for; emptied once the job ends. */
    identifiers: p.json<string[]>(),
    status: p.string().$type<ErasureStatus>().length(10),
    steps: p.json<Partial<Record<ErasureStep, { done: boolean; count: number }>>>(),
    error: nullable(p.string().length(500)),
    finishedAt: nullable(p.datetime()),
    createdById: nullable(p.string().length(36)),
    lockedBy: nullable(p.string().length(100)),
    lockedUntil: nullable(p.datetime()),
  }),
  indexes: [{ properties: ['companyId', 'createdAt'] }, { properties: ['status', 'createdAt'] }],
});
export type PrivacyErasure = InferEntity<typeof PrivacyErasure>;
