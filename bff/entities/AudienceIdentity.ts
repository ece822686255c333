import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * One identifier of a unified profile (bff/modules/audience): its kind (user_id, email,
 * anonymous_id or a survey's custom identifier field), its value as compared, and the source it was
 * first seen in. Written in bulk with the profiles of each rebuild, as a new generation.
 */
export const AudienceIdentity = defineEntity({
  name: 'AudienceIdentity',
  tableName: 'audience_identities',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    /** The build that wrote the row; readers see only the company's current one (audience_builds.generation). */
    generation: p
      .integer()
      .default(0)
      .onCreate(() => 0),
    profileId: p.string().length(36),
    kind: p.string().length(100),
    value: p.string(),
    source: p.string(),
    firstSeen: nullable(p.datetime()),
  }),
  indexes: [{ properties: ['companyId', 'profileId'] }, { properties: ['companyId', 'kind', 'value'] }, { properties: ['companyId', 'generation'] }],
});
export type AudienceIdentity = InferEntity<typeof AudienceIdentity>;
