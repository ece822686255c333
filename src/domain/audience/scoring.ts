/**
 * Lifecycle stage and churn risk of a profile, from when it was first and last seen and how its
 * activity moved: events in the last 30 days (recent) against the 30 days before (previous).
 *
 * Churn-risk score, 0-100 with one decimal:
 *   score = 100 × (0.5 × recency + 0.3 × frequency + 0.2 × trend)
 *   recency   = min(1, days since last seen / 90); 1 when never seen
 *   frequency = 1 − min(1, recent events / 10)
 *   trend     = max(0, (previous − recent) / (previous + recent)); 0.5 with no events in either window
 * Level: low below 35, medium from 35 to below 65, high from 65.
 */
import type { LifecycleStage, RiskLevel } from './contract';

export const DAY_MS = 86_400_000;
export const RISK_WINDOW_DAYS = 30;
export const RECENCY_HORIZON_DAYS = 90;
export const FREQUENT_EVENTS = 10;
export const RISK_WEIGHTS = { recency: 0.5, frequency: 0.3, trend: 0.2 } as const;
export const MEDIUM_RISK_FROM = 35;
export const HIGH_RISK_FROM = 65;
/** Never seen for this long (or a cancelled subscription and a quiet month): churned. */
export const CHURNED_AFTER_DAYS = 90;
export const NEW_WITHIN_DAYS = 30;

export interface ActivitySignals {
  now: number;
  firstSeen: number | null;
  lastSeen: number | null;
  /** Events in the last 30 days, and in the 30 days before. */
  recentEvents: number;
  previousEvents: number;
  eventCount: number;
  subscriptionStatus: string | null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function daysSince(now: number, at: number | null): number | null {
  return at === null ? null : Math.max(0, (now - at) / DAY_MS);
}

export function riskScore(signals: ActivitySignals): number {
  const idle = daysSince(signals.now, signals.lastSeen);
  const recency = idle === null ? 1 : Math.min(1, idle / RECENCY_HORIZON_DAYS);
  const frequency = 1 - Math.min(1, signals.recentEvents / FREQUENT_EVENTS);
  const both = signals.previousEvents + signals.recentEvents;
  const trend = both === 0 ? 0.5 : Math.max(0, (signals.previousEvents - signals.recentEvents) / both);
  return round1(100 * (RISK_WEIGHTS.recency * recency + RISK_WEIGHTS.frequency * frequency + RISK_WEIGHTS.trend * trend));
}

export function riskLevel(score: number): RiskLevel {
  if (score >= HIGH_RISK_FROM) return 'high';
  if (score >= MEDIUM_RISK_FROM) return 'medium';
  return 'low';
}

const CANCELLED = /cancel|churn|expired|inactive|lapsed/i;

/**
 * churned: not seen for 90 days (or never), or a cancelled subscription and no event in 30 days;
 * new: first seen within 30 days; reactivated: active in the last 30 days after 30 quiet days,
 * with older activity; at_risk: a high risk level; active otherwise. The first that holds wins.
 */
export function lifecycleStage(signals: ActivitySignals, level: RiskLevel = riskLevel(riskScore(signals))): LifecycleStage {
  const idle = daysSince(signals.now, signals.lastSeen);
  if (idle === null || idle >= CHURNED_AFTER_DAYS) return 'churned';
  if (signals.subscriptionStatus && CANCELLED.test(signals.subscriptionStatus) && signals.recentEvents === 0) return 'churned';
  const age = daysSince(signals.now, signals.firstSeen);
  if (age !== null && age <= NEW_WITHIN_DAYS) return 'new';
  if (signals.recentEvents > 0 && signals.previousEvents === 0 && signals.eventCount > signals.recentEvents) return 'reactivated';
  if (level === 'high') return 'at_risk';
  return 'active';
}
