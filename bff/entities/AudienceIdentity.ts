import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * One identifier of a unified profile (bff/modules/audience): its kind (user_id, email,
 * anonymous_id or a survey's custom identifier field), its value as compared, and the source it was
 * first seen in. Rewritten with the profiles on every rebuild, written in bulk.
 */
export const AudienceIdentity = defineEntity({
  name: 'AudienceIdentity',
  tableName: 'audience_identities',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    profileId: p.string().length(36),
    kind: p.string().length(100),
    value: p.string(),
    source: p.string(),
    firstSeen: nullable(p.datetime()),
  }),
  indexes: [{ properties: ['companyId', 'profileId'] }, { properties: ['companyId', 'kind', 'value'] }],
});
export type AudienceIdentity = InferEntity<typeof AudienceIdentity>;
