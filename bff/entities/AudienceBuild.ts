import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * When a company's profiles were last computed, and the newest change among the records and
 * responses read then: the refresher rebuilds a company whose data changed after it.
 */
export const AudienceBuild = defineEntity({
  name: 'AudienceBuild',
  tableName: 'audience_builds',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).unique().updateRule('no action'),
    computedAt: p.datetime(),
    /** The newest updated_at of the records and responses the build read. */
    watermark: nullable(p.datetime()),
    profiles: p.integer(),
  }),
});
export type AudienceBuild = InferEntity<typeof AudienceBuild>;
