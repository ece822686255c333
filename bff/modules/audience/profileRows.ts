/**
 * A new generation's profile rows, scored and classified from their totals, and what they add up
 * to: the counts of the build's summary and of its changes since the previous generation.
 */
import { LIFECYCLE_STAGES, RISK_LEVELS, type LifecycleStage, type RiskLevel } from '@domain/audience/contract';
import { categoryBit, categoryContext, categoriesOf, type ProfileFacts } from '@domain/audience/categories';
import type { ResolvedIdentities } from '@domain/audience/identity';
import { lifecycleStage, riskLevel, riskScore } from '@domain/audience/scoring';
import { predictedSegments } from '@domain/audience/segments';
import { coverageOfMask } from '@domain/audience/sources';
import type { ColumnValues } from './generations';
import { summaryCounter } from './summary';
import type { ProfileTotals } from './totals';

export const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
/** A profile's category mask, risk and lifecycle in one number, to tell whether any of them changed. */
export const packed = (categoryMask: number, risk: string, lifecycle: string) =>
  categoryMask * 1024 + RISK_LEVELS.indexOf(risk as RiskLevel) * 32 + LIFECYCLE_STAGES.indexOf(lifecycle as LifecycleStage) + 33;
const json = (value: unknown) => JSON.stringify(value);
const orNull = (time: number) => (Number.isNaN(time) ? null : time);

const median = (values: number[]): number | null => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** What the written profiles add up to, counted as their rows are made. */
export interface ProfileTally {
  categories: Map<string, number>;
  risk: Map<string, number>;
  lifecycle: Map<string, number>;
  counter: ReturnType<typeof summaryCounter>;
  /** Profiles whose category mask, risk or lifecycle differ from their previous generation's. */
  changed: number;
}

export function profileTally(): ProfileTally {
  return { categories: new Map(), risk: new Map(), lifecycle: new Map(), counter: summaryCounter(), changed: 0 };
}

/** Everything a profile's row is made from, gathered once for the whole generation. */
export interface ProfileRows {
  now: number;
  generation: number;
  companyId: string;
  values: ColumnValues;
  /** `values.stamp(now)`. */
  stampNow: number | string | null;
  totals: ProfileTotals;
  sourceNames: readonly string[];
  /** Each profile's id, by its index in the totals. */
  ids: string[];
  /** The previous generation's profiles by id, packed. */
  before: Map<string, number>;
  tally: ProfileTally;
  categoryContext: ReturnType<typeof categoryContext>;
  accountSize: Map<string, number>;
  medianOrderValue: number | null;
  /** Profiles that joined records through an identifier (1). */
  joined: Uint8Array;
  identifierCount: Int32Array;
  /** Profiles known by more than a device or cookie id (1). */
  knownBy: Uint8Array;
}

const ltvOf = (totals: ProfileTotals, profile: number) => Math.round(Math.max(totals.declaredLtv[profile]!, totals.eventRevenue[profile]!) * 100) / 100;

/** The company-relative thresholds of `present`'s profiles, and what the identity graph tells of each profile. */
export function profileRows(
  base: Pick<ProfileRows, 'now' | 'generation' | 'companyId' | 'values' | 'stampNow' | 'totals' | 'sourceNames' | 'ids' | 'before' | 'tally'>,
  present: number[],
  resolved: ResolvedIdentities,
): ProfileRows {
  const { totals, now } = base;
  const context = categoryContext(now, present.map((index) => ltvOf(totals, index)), present.map((index) => totals.recentEvents[index]!));
  const accountSize = new Map<string, number>();
  for (const index of present) {
    const account = totals.account[index];
    if (account) bump(accountSize, account.toLowerCase());
  }
  const medianOrderValue = median(present.filter((index) => totals.purchases[index]! > 0).map((index) => ltvOf(totals, index) / totals.purchases[index]!));

  // Profiles that joined records through an identifier, or that span several sources, are unified.
  const joined = new Uint8Array(totals.count);
  for (let index = 0; index < resolved.joinCount; index++) if (!resolved.joinRefused(index)) joined[resolved.joinProfile(index)] = 1;
  // Identifiers per profile, and whether any is more than a device or cookie id.
  const identifierCount = new Int32Array(totals.count);
  const knownBy = new Uint8Array(totals.count);
  const { profileOfNode } = resolved;
  for (let node = 0; node < resolved.nodeCount; node++) {
    const profile = profileOfNode[node]!;
    identifierCount[profile]!++;
    if (resolved.kindOf(node) !== 'anonymous_id') knownBy[profile] = 1;
  }
  return { ...base, categoryContext: context, accountSize, medianOrderValue, joined, identifierCount, knownBy };
}

/** One profile's row, counted into the tally. */
export function profileRow(rows: ProfileRows, index: number): Record<string, unknown> {
  const { now, totals, tally, values } = rows;
  const ltv = ltvOf(totals, index);
  const createdAt = orNull(totals.createdAt[index]!);
  const seenFirst = orNull(totals.firstSeen[index]!);
  const firstSeen = createdAt !== null && (seenFirst === null || createdAt < seenFirst) ? createdAt : seenFirst;
  const lastLogin = orNull(totals.lastLogin[index]!);
  const seenLast = orNull(totals.lastSeen[index]!);
  const lastSeen = [seenLast, lastLogin].filter((value): value is number => value !== null).reduce<number | null>((latest, value) => (latest === null || value > latest ? value : latest), null);
  const recentEvents = totals.recentEvents[index]!;
  const previousEvents = totals.previousEvents[index]!;
  const eventCount = totals.eventCount[index]!;
  const subscriptionStatus = totals.subscriptionStatus[index]!;
  const account = totals.account[index]!;
  const activeDays = totals.activeDays[index]!;
  const signals = { now, firstSeen, lastSeen, recentEvents, previousEvents, eventCount, subscriptionStatus };
  const score = riskScore(signals);
  const risk: RiskLevel = riskLevel(score);
  const lifecycle: LifecycleStage = lifecycleStage(signals, risk);
  const facts: ProfileFacts = {
    ltv, risk, lifecycle, firstSeen, account, accountSize: account ? (rows.accountSize.get(account.toLowerCase()) ?? 1) : 0, subscriptionStatus, activeDays,
    mobileEvents: totals.mobileEvents[index]!, desktopEvents: totals.desktopEvents[index]!, weekendEvents: totals.weekendEvents[index]!, weekdayEvents: totals.weekdayEvents[index]!,
    recentEvents,
  };
  const categories = categoriesOf(facts, rows.categoryContext);
  const categoryMask = categories.reduce((mask, id) => mask | categoryBit(id), 0);
  for (const id of categories) bump(tally.categories, id);
  bump(tally.risk, risk);
  bump(tally.lifecycle, lifecycle);
  const id = rows.ids[index]!;
  if (rows.before.get(id) !== packed(categoryMask, risk, lifecycle)) tally.changed++;
  const purchases = totals.purchases[index]!;
  const segments = predictedSegments({
    now, lastSeen, ltv, riskScore: score, recentEvents, previousEvents, activeDays, cartAdds: totals.cartAdds[index]!, purchases,
    categoryViews: totals.categoryViews.get(index) ?? {}, medianOrderValue: rows.medianOrderValue,
  });
  // Known by no user id, e-mail or custom identifier: at most a device or cookie id.
  const isUnknown = !rows.knownBy[index];
  const sources = totals.sourcesOf(index).map((source) => rows.sourceNames[source]!);
  const isUnified = rows.joined[index] === 1 || sources.length > 1;
  const sourceMask = totals.sourceMask[index]!;
  const coverage = coverageOfMask(sourceMask);
  tally.counter.add({ categoryMask, coverage, isUnified, isUnknown });
  const name = totals.name[index]!;
  const email = totals.email[index]!;
  const { stamp, flag } = values;
  const stampNow = rows.stampNow;
  return {
    id, generation: rows.generation, company_id: rows.companyId, user_id: totals.userId[index], email, name, account, age: orNull(totals.age[index]!), location: totals.location[index],
    first_seen: stamp(firstSeen), last_seen: stamp(lastSeen), last_login: stamp(lastLogin), subscription_status: subscriptionStatus, ltv, device_type: totals.deviceType[index],
    ip_address: totals.ipAddress[index], source_mask: sourceMask, source_names: json(sources.sort()), category_mask: categoryMask, lifecycle, risk, risk_score: score, coverage,
    survey_count: totals.surveyCount[index], completion_seconds: totals.completionSeconds[index], event_count: eventCount, recent_events: recentEvents,
    previous_events: previousEvents, identifier_count: rows.identifierCount[index], is_unknown: flag(isUnknown), is_unified: flag(isUnified),
    attributes: json(totals.attributes.get(index) ?? {}), segments: json(segments), search_text: [name, email, account].filter(Boolean).join(' ').toLowerCase(),
    created_at: stampNow, updated_at: stampNow,
  };
}
