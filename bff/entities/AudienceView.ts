import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AudienceFilters, CategoryId } from '@domain/audience/contract';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/** A saved view of the Audience Intelligence page: its filters, search and category, with the count when saved. */
export const AudienceView = defineEntity({
  name: 'AudienceView',
  tableName: 'audience_views',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    name: p.string(),
    description: p.text(),
    filters: p.json<AudienceFilters>(),
    search: p.string(),
    categoryId: nullable(p.string().$type<CategoryId>().length(20)),
    userCount: p.integer(),
    coverage: p.float(),
    createdById: nullable(p.string().length(36)),
  }),
});
export type AudienceView = InferEntity<typeof AudienceView>;
