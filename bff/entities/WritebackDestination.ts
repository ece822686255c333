import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { WritebackDestinationKind } from '@domain/audience/contract';
import { record } from './BaseRecord';
import { Company } from './Company';

/**
 * A company's Write Back endpoint (bff/modules/writeback): deliveries are POSTed to `url` as
 * Standard Webhooks signed with `secret`, which is kept encrypted like data-source credentials
 * (bff/platform/secrets.ts) because the server signs with it on every attempt; it is shown only once.
 */
export const WritebackDestination = defineEntity({
  name: 'WritebackDestination',
  tableName: 'writeback_destinations',
  properties: record({
    // The composite index below starts with company_id and serves the foreign key too.
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    kind: p.string().$type<WritebackDestinationKind>().length(12),
    name: p.string().length(100),
    url: p.text(),
    enabled: p.boolean(),
    /** Encrypted whsec_… signing secret. */
    secret: p.text(),
  }),
  indexes: [{ properties: ['companyId', 'kind'] }],
});
export type WritebackDestination = InferEntity<typeof WritebackDestination>;
