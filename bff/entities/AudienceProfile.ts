import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { LifecycleStage, PredictedSegment, RiskLevel } from '@domain/audience/contract';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * One person as the company's data knows them: every record, event, survey response and
 * prediction-API event whose identifiers resolve to the same identity, joined (bff/modules/audience).
 * What the explorer filters and the export reads are columns; categories and source kinds are bit
 * masks in the order of CATEGORY_IDS and SOURCE_KINDS (src/domain/audience/contract.ts), so a
 * filter is one indexed, dialect-neutral `(mask & ?) <> 0`.
 */
export const AudienceProfile = defineEntity({
  name: 'AudienceProfile',
  tableName: 'audience_profiles',
  properties: record({
    /**
     * The build that wrote the row: a profile keeps its id across rebuilds, so the key is
     * (id, generation) and readers see only the company's current generation (audience_builds).
     */
    generation: p
      .integer()
      .primary()
      .default(0)
      .onCreate(() => 0),
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    userId: nullable(p.string()),
    email: nullable(p.string()),
    name: nullable(p.string()),
    account: nullable(p.string()),
    age: nullable(p.integer()),
    location: nullable(p.string()),
    /** When the person became a customer, or was first seen. */
    firstSeen: nullable(p.datetime()),
    lastSeen: nullable(p.datetime()),
    lastLogin: nullable(p.datetime()),
    subscriptionStatus: nullable(p.string().length(40)),
    ltv: p.float(),
    deviceType: nullable(p.string().length(10)),
    ipAddress: nullable(p.string().length(64)),
    sourceMask: p.integer(),
    /** The names of the data sources the profile joins, for export and the side panel. */
    sourceNames: p.json<string[]>(),
    categoryMask: p.integer(),
    lifecycle: p.string().$type<LifecycleStage>().length(12),
    risk: p.string().$type<RiskLevel>().length(6),
    riskScore: p.float(),
    /** Share of the six source kinds present, 0-100. */
    coverage: p.float(),
    surveyCount: p.integer(),
    completionSeconds: p.integer(),
    eventCount: p.integer(),
    /** Events in the last 30 days and in the 30 before: the trend of the risk score. */
    recentEvents: p.integer(),
    previousEvents: p.integer(),
    identifierCount: p.integer(),
    /** Known only by an anonymous id. */
    isUnknown: p.boolean(),
    /** Joined from more than one identifier or source. */
    isUnified: p.boolean(),
    /** Survey answers bound to a data type (by dataFieldName) and custom identifiers. */
    attributes: p.json<Record<string, string | number | boolean>>(),
    segments: p.json<PredictedSegment[]>(),
    /** Lower-cased name, e-mail and account, for the explorer's search. */
    searchText: p.text(),
  }),
  indexes: [
    { properties: ['companyId', 'generation', 'lastSeen'] },
    { properties: ['companyId', 'generation', 'risk'] },
    { properties: ['companyId', 'generation', 'lifecycle'] },
    { properties: ['companyId', 'generation', 'email'] },
    { properties: ['companyId', 'generation', 'userId'] },
    { properties: ['companyId', 'generation', 'ltv'] },
  ],
});
export type AudienceProfile = InferEntity<typeof AudienceProfile>;
