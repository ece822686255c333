import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CategoryId } from '@domain/audience/contract';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/** Sums over a set of profiles: all of them, or those of one category. */
export interface SummaryGroup {
  total: number;
  coverageSum: number;
  unified: number;
  unknown: number;
  /** Profiles of the group in each category. */
  categories: Partial<Record<CategoryId, number>>;
}

export interface AudienceSummary {
  version: 1;
  all: SummaryGroup;
  /** The same sums over the profiles of each category. */
  byCategory: Partial<Record<CategoryId, SummaryGroup>>;
}

/**
 * When a company's profiles were last computed, and the newest change among the records and
 * responses read then: the refresher rebuilds a company whose data changed after it. Also which
 * generation of profiles is current, and that build's metrics summary.
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
    /** The generation of profiles, identities and joins readers see; a build writes the next one beside it. */
    generation: p
      .integer()
      .default(0)
      .onCreate(() => 0),
    /** The build's counts, so the unfiltered metrics and categories are one row read. */
    summary: nullable(p.json<AudienceSummary>()),
  }),
});
export type AudienceBuild = InferEntity<typeof AudienceBuild>;
