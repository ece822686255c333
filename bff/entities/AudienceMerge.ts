import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * A recorded join of records into one profile, or a join refused because it would have made one
 * profile of too many people: which identifier, from which source, how many people it joined.
 */
export const AudienceMerge = defineEntity({
  name: 'AudienceMerge',
  tableName: 'audience_merges',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    /** The build that wrote the row; readers see only the company's current one (audience_builds.generation). */
    generation: p
      .integer()
      .default(0)
      .onCreate(() => 0),
    profileId: p.string().length(36),
    at: nullable(p.datetime()),
    identifierKind: p.string().length(100),
    identifierValue: p.string(),
    source: p.string(),
    profilesJoined: p.integer(),
    refused: p.boolean(),
    reason: nullable(p.string().length(500)),
  }),
  indexes: [{ properties: ['companyId', 'profileId'] }, { properties: ['companyId', 'refused'] }, { properties: ['companyId', 'generation'] }],
});
export type AudienceMerge = InferEntity<typeof AudienceMerge>;
