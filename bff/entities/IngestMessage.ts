import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Company } from './Company';
import { DataSource } from './DataSource';

/**
 * A message id the ingestion URL has stored, so a redelivery of the same message is not stored
 * twice (the unique index decides, even between replicas).
 */
export const IngestMessage = defineEntity({
  name: 'IngestMessage',
  tableName: 'ingest_messages',
  properties: {
    id: p.string().primary().length(36),
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    sourceId: p.manyToOne(DataSource).mapToPk().fieldName('source_id').index(false).updateRule('no action'),
    messageId: p.string().length(255),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['sourceId', 'messageId'] }],
  indexes: [{ properties: ['companyId', 'createdAt'] }],
});
export type IngestMessage = InferEntity<typeof IngestMessage>;
