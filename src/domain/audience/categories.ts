/**
 * The category rules, one per category id, each with the sentence the Categories table and the
 * docs/features/audience-intelligence.md show. Company-relative thresholds (the top 10 % by lifetime value, the top 5 % by recent
 * events) are computed once per company over all its profiles (categoryContext).
 */
import { CATEGORY_IDS, CATEGORY_NAMES, type CategoryId, type LifecycleStage, type RiskLevel } from './contract';
import { DAY_MS, NEW_WITHIN_DAYS } from './scoring';

export const HIGH_VALUE_SHARE = 0.1;
export const POWER_USER_SHARE = 0.05;
export const ENTERPRISE_ACCOUNT_SIZE = 5;
export const CASUAL_MAX_EVENTS = 3;
/** A power user also does more than a casual one. */
export const POWER_USER_MIN_EVENTS = CASUAL_MAX_EVENTS + 1;
export const RETURNING_MIN_DAYS = 2;

export interface ProfileFacts {
  ltv: number;
  risk: RiskLevel;
  lifecycle: LifecycleStage;
  firstSeen: number | null;
  account: string | null;
  /** Profiles sharing the account (this one included). */
  accountSize: number;
  subscriptionStatus: string | null;
  /** Distinct days (UTC) with an event or a survey response. */
  activeDays: number;
  /** Events and responses by device. */
  mobileEvents: number;
  desktopEvents: number;
  /** Timed events on Saturday or Sunday (UTC), and on other days. */
  weekendEvents: number;
  weekdayEvents: number;
  /** Events in the last 30 days. */
  recentEvents: number;
}

export interface CategoryContext {
  now: number;
  /** The smallest LTV in the company's top 10 % (of all profiles); Infinity with none positive. */
  highValueLtv: number;
  /** The smallest 30-day event count in the company's top 5 %. */
  powerUserEvents: number;
}

interface CategoryRule {
  description: string;
  rule: string;
  test: (facts: ProfileFacts, context: CategoryContext) => boolean;
}

const ENTERPRISE_PLAN = /enterprise|business|corporate/i;
const FREE_PLAN = /^(free|freemium|trial|trialing|trialling|free[_ -]?trial)$/i;
const PREMIUM_PLAN = /premium|gold|platinum|\bpro\b/i;

export const CATEGORY_RULES: Record<CategoryId, CategoryRule> = {
  'high-value': {
    description: 'The customers worth the most to you.',
    rule: 'Lifetime value is above 0 and within the top 10 % of the company’s profiles.',
    test: (facts, context) => facts.ltv > 0 && facts.ltv >= context.highValueLtv,
  },
  'at-risk': {
    description: 'Customers likely to leave soon.',
    rule: 'Churn risk is high (score 65 or more) and the profile has not churned yet.',
    test: (facts) => facts.risk === 'high' && facts.lifecycle !== 'churned',
  },
  'new-users': {
    description: 'People who arrived recently.',
    rule: `First seen within the last ${NEW_WITHIN_DAYS} days.`,
    test: (facts, context) => facts.firstSeen !== null && context.now - facts.firstSeen <= NEW_WITHIN_DAYS * DAY_MS,
  },
  enterprise: {
    description: 'People of business accounts.',
    rule: `Has an account, and the subscription names an enterprise, business or corporate plan, or ${ENTERPRISE_ACCOUNT_SIZE} or more profiles share the account.`,
    test: (facts) => facts.account !== null && ((facts.subscriptionStatus !== null && ENTERPRISE_PLAN.test(facts.subscriptionStatus)) || facts.accountSize >= ENTERPRISE_ACCOUNT_SIZE),
  },
  freemium: {
    description: 'People on a free plan or trial, or who have not paid yet.',
    rule: 'The subscription is free, freemium or a trial, or lifetime value is 0.',
    test: (facts) => (facts.subscriptionStatus !== null && FREE_PLAN.test(facts.subscriptionStatus.trim())) || facts.ltv <= 0,
  },
  churned: {
    description: 'People who have left.',
    rule: 'Lifecycle stage is Churned: not seen for 90 days, or a cancelled subscription and no event in 30 days.',
    test: (facts) => facts.lifecycle === 'churned',
  },
  returning: {
    description: 'People who come back.',
    rule: `Active on ${RETURNING_MIN_DAYS} or more distinct days.`,
    test: (facts) => facts.activeDays >= RETURNING_MIN_DAYS,
  },
  premium: {
    description: 'Subscribers of a premium tier.',
    rule: 'The subscription names a premium, gold, platinum or pro plan.',
    test: (facts) => facts.subscriptionStatus !== null && PREMIUM_PLAN.test(facts.subscriptionStatus),
  },
  mobile: {
    description: 'People who mostly use a phone or tablet.',
    rule: 'More of their events and survey responses come from a mobile or tablet device than from a desktop.',
    test: (facts) => facts.mobileEvents > facts.desktopEvents,
  },
  desktop: {
    description: 'People who mostly use a computer.',
    rule: 'More of their events and survey responses come from a desktop than from a mobile or tablet device.',
    test: (facts) => facts.desktopEvents > facts.mobileEvents,
  },
  weekend: {
    description: 'People active mostly at weekends.',
    rule: 'More of their timed events fall on Saturday or Sunday (UTC) than on weekdays.',
    test: (facts) => facts.weekendEvents > facts.weekdayEvents,
  },
  weekday: {
    description: 'People active mostly on working days.',
    rule: 'More of their timed events fall on Monday to Friday (UTC) than at weekends.',
    test: (facts) => facts.weekdayEvents > facts.weekendEvents,
  },
  casual: {
    description: 'Light, occasional users.',
    rule: `Between 1 and ${CASUAL_MAX_EVENTS} events in the last 30 days.`,
    test: (facts) => facts.recentEvents >= 1 && facts.recentEvents <= CASUAL_MAX_EVENTS,
  },
  'power-users': {
    description: 'The most active users.',
    rule: `Within the company’s top 5 % by events in the last 30 days, with at least ${POWER_USER_MIN_EVENTS}.`,
    test: (facts, context) => facts.recentEvents >= POWER_USER_MIN_EVENTS && facts.recentEvents >= context.powerUserEvents,
  },
};

/** The value at the boundary of the top `share` of `values` (descending), or Infinity with none. */
export function topShareThreshold(values: ArrayLike<number>, share: number): number {
  const positive = Array.from(values).filter((value) => value > 0).sort((a, b) => b - a);
  if (!positive.length) return Infinity;
  const count = Math.max(1, Math.ceil(values.length * share));
  return positive[Math.min(count, positive.length) - 1]!;
}

/** The company's thresholds, from every profile's LTV and 30-day event count. */
export function categoryContext(now: number, ltvs: ArrayLike<number>, recentEvents: ArrayLike<number>): CategoryContext {
  return { now, highValueLtv: topShareThreshold(ltvs, HIGH_VALUE_SHARE), powerUserEvents: topShareThreshold(recentEvents, POWER_USER_SHARE) };
}

export const categoryBit = (id: CategoryId): number => 1 << CATEGORY_IDS.indexOf(id);

export function categoriesOf(facts: ProfileFacts, context: CategoryContext): CategoryId[] {
  return CATEGORY_IDS.filter((id) => CATEGORY_RULES[id].test(facts, context));
}

export function categoryMaskOf(facts: ProfileFacts, context: CategoryContext): number {
  return categoriesOf(facts, context).reduce((mask, id) => mask | categoryBit(id), 0);
}

export function categoriesOfMask(mask: number): CategoryId[] {
  return CATEGORY_IDS.filter((id) => (mask & categoryBit(id)) !== 0);
}

export function categoryDefinition(id: CategoryId): { id: CategoryId; name: string; description: string; rule: string } {
  return { id, name: CATEGORY_NAMES[id], description: CATEGORY_RULES[id].description, rule: CATEGORY_RULES[id].rule };
}
