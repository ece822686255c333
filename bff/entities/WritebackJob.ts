import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { WritebackData, WritebackDestinationKind } from '@domain/audience/contract';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/** A destination as it was when the job was queued: the job's history outlives an edit or a deletion. */
export interface WritebackJobDestination {
  id: string;
  name: string;
  kind: WritebackDestinationKind;
}

/**
 * One Write Back: which profiles went where. The sending itself is rows of webhook_deliveries (one
 * per destination and batch of profiles, with writeback_job_id set), and the job's status is read
 * from them, so it can never claim more than the receivers acknowledged.
 */
export const WritebackJob = defineEntity({
  name: 'WritebackJob',
  tableName: 'writeback_jobs',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    data: p.json<WritebackData[]>(),
    profileCount: p.integer(),
    destinations: p.json<WritebackJobDestination[]>(),
    createdById: nullable(p.string().length(36)),
  }),
  indexes: [{ properties: ['companyId', 'createdAt'] }],
});
export type WritebackJob = InferEntity<typeof WritebackJob>;
