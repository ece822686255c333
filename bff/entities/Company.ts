import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CompanyStatus } from '@domain/company/options';
import type { PlanId } from '@domain/plans/plans';
import { nullable, record } from './BaseRecord';

export const Company = defineEntity({
  name: 'Company',
  tableName: 'companies',
  properties: record({
    name: p.string(),
    domain: nullable(p.string()),
    industry: nullable(p.string()),
    companySize: nullable(p.string()),
    website: nullable(p.string()),
    phone: nullable(p.string()),
    address: nullable(p.text()),
    description: nullable(p.text()),
    targetAudience: nullable(p.string()),
    status: p
      .string()
      .$type<CompanyStatus>()
      .length(20)
      .onCreate(() => 'active'),
    /** The company whose members may be Global Admins; set only by the seed, never through the API. */
    isInternal: p.boolean().onCreate(() => false),
    logoFileId: nullable(p.string().length(32)),
    /** The plan (src/domain/plans/plans.ts) whose monthly allowance of prediction calls applies. */
    plan: p
      .string()
      .$type<PlanId>()
      .length(20)
      .default('free')
      .onCreate(() => 'free'),
    /** The IANA time zone the dashboard's days, weeks and months follow; null means UTC. */
    timeZone: nullable(p.string().length(64)),
    /**
     * E-mail domains the company vouches for: an Entra sign-in's address in one of them counts as
     * proven when linking an account. Null when none.
     */
    ssoVerifiedDomains: nullable(p.json<string[]>()),
    /** Whether an active account may be linked at its first single sign-on (invited ones always may). */
    ssoLinking: p.boolean().default(false),
    /**
     * Retention periods in days (src/domain/company/retention.ts): raw events, the prediction call log
     * and survey responses older than these are deleted by the retention job (bff/modules/retention).
     * Null keeps them.
     */
    retentionEventsDays: nullable(p.integer()),
    retentionCallLogDays: nullable(p.integer()),
    retentionResponsesDays: nullable(p.integer()),
  }),
});
export type Company = InferEntity<typeof Company>;
