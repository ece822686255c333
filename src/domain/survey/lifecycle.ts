/**
 * A published survey's life (data document, section 4, "Published survey status"): end
 * conditions, whether a survey is still running, and how the cards describe it. Pure, with the
 * clock passed in, so the BFF decides with its own clock whatever the client's says.
 */
import { PUBLISHED_MESSAGES } from './messages';
import type { EndCondition, EndConditionType, SurveyStatus } from './types';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Today's date, YYYY-MM-DD, in the given clock's UTC day. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;

function positiveWhole(value: string | number): number | null {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(number) && number >= 1 ? number : null;
}

/**
 * The start modal's check: the message for an unusable end condition, or null. `today` is the
 * chooser's own day (YYYY-MM-DD); the BFF passes yesterday's UTC day so no time zone is refused.
 */
export function endConditionError(type: EndConditionType, value: string | number, today: string): string | null {
  if (type === 'date') {
    const text = String(value);
    if (!DATE_VALUE.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)) || text < today) {
      return PUBLISHED_MESSAGES.endDateRequired;
    }
    return null;
  }
  if (positiveWhole(value) === null) {
    return type === 'days' ? PUBLISHED_MESSAGES.daysInvalid : PUBLISHED_MESSAGES.responsesInvalid;
  }
  return null;
}

export interface RunState {
  status: SurveyStatus;
  endCondition: EndCondition | null;
  /** When the survey was last started; days are counted from here. */
  startedAt: string | null;
  responseCount: number;
}

/**
 * The chosen date is a day on the chooser's calendar, wherever they are, so it ends the survey
 * once that day is over everywhere: at midnight in the last time zone (UTC-12), 12 hours after
 * the UTC midnight. Starting accepts yesterday's UTC date for the same reason.
 */
const LAST_ZONE_OFFSET_MS = 12 * HOUR_MS;

/** When a date or days condition ends the survey (null for none or responses). */
export function endsAt(state: Pick<RunState, 'endCondition' | 'startedAt'>): Date | null {
  const condition = state.endCondition;
  if (!condition) return null;
  if (condition.type === 'date') {
    return new Date(Date.parse(`${String(condition.value)}T00:00:00Z`) + DAY_MS + LAST_ZONE_OFFSET_MS);
  }
  if (condition.type === 'days' && state.startedAt) {
    return new Date(Date.parse(state.startedAt) + (positiveWhole(condition.value) ?? 0) * DAY_MS);
  }
  return null;
}

export function hasEnded(state: RunState, now: Date): boolean {
  const condition = state.endCondition;
  if (!condition) return false;
  if (condition.type === 'responses') return state.responseCount >= (positiveWhole(condition.value) ?? 0);
  const end = endsAt(state);
  return end !== null && now.getTime() >= end.getTime();
}

/** The status every answer of the BFF gives: a survey past its end condition is inactive. */
export function effectiveStatus(state: RunState, now: Date): SurveyStatus {
  return state.status === 'active' && !hasEnded(state, now) ? 'active' : 'inactive';
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A card's age: days, hours, 'Less than 1 hour', or 'Unknown' without a publish date. */
export function ageLabel(publishedAt: string | null, now: Date): string {
  const published = publishedAt ? Date.parse(publishedAt) : Number.NaN;
  if (Number.isNaN(published)) return 'Unknown';
  const elapsed = Math.max(0, now.getTime() - published);
  if (elapsed < HOUR_MS) return 'Less than 1 hour';
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / HOUR_MS), 'hour');
  return plural(Math.floor(elapsed / DAY_MS), 'day');
}

/**
 * 'Ends: {date}', 'Ends in: N day(s)' (days left while running, else the days chosen) or
 * 'Ends at: N response(s)'; null without an end condition.
 */
export function endConditionLabel(
  state: Pick<RunState, 'endCondition' | 'startedAt' | 'status'>,
  now: Date,
  formatDate: (isoDate: string) => string = (isoDate) => isoDate,
): string | null {
  const condition = state.endCondition;
  if (!condition) return null;
  if (condition.type === 'date') return `Ends: ${formatDate(String(condition.value))}`;
  if (condition.type === 'responses') return `Ends at: ${condition.value} response(s)`;
  const end = endsAt(state);
  const chosen = positiveWhole(condition.value) ?? condition.value;
  // Never more than chosen: a clock read a moment before the start would otherwise add a day.
  const days =
    state.status === 'active' && end && typeof chosen === 'number'
      ? Math.min(chosen, Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)))
      : chosen;
  return `Ends in: ${days} day(s)`;
}
