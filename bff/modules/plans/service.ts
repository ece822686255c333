/**
 * This month's prediction calls against the plan's allowance (Plans page: "this month: N of M
 * calls"), read as the prediction runtime's quota reads them (bff/modules/prediction/limits.ts):
 * predict calls that were served (status below 400), over the calendar month in UTC, from the
 * month totals the call log keeps. Refusals (bad requests, the quota's own 429, failures) are
 * logged but use none of the allowance.
 */
import { HARD_STOP_PLANS, MONTHLY_CALL_ALLOWANCE, type PlanId } from '@domain/plans/plans';
import type { PlanUsage } from '@domain/prediction/contract';
import type { EntityManager } from '@mikro-orm/core';
import { Company } from '../../entities';
import { apiError } from '../../platform/errors';
import { monthOf, servedCalls } from '../prediction';

/** Calls beyond the allowance that a paid plan counts (a hard-stop plan refuses them instead). */
export function overageOf(plan: PlanId, calls: number): number {
  const allowance = MONTHLY_CALL_ALLOWANCE[plan];
  if (allowance === null || HARD_STOP_PLANS.has(plan)) return 0;
  return Math.max(0, calls - allowance);
}

export function createPlanUsageService({ now }: { now: () => Date }) {
  return {
    async usage(db: EntityManager, companyId: string): Promise<PlanUsage> {
      const em = db.fork();
      const company = await em.findOne(Company, { id: companyId }, { fields: ['id', 'plan'] });
      if (!company) throw apiError('not_found', { message: 'No such company exists in your reach.' });
      const plan: PlanId = company.plan in MONTHLY_CALL_ALLOWANCE ? company.plan : 'free';
      const month = monthOf(now());
      const calls = await servedCalls(em, companyId, month);
      return { planId: plan, month, calls, allowance: MONTHLY_CALL_ALLOWANCE[plan], overage: overageOf(plan, calls) };
    },
  };
}

export type PlanUsageService = ReturnType<typeof createPlanUsageService>;
