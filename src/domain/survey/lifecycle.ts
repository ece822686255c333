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

/**
 * The largest numbers of days and responses an end condition may name: ten years, and more
 * responses than any plan collects. The specification sets no maximum; without one a value such as
 * 1,000,000,000 days overflows the end date and is shown as "NaN day(s)".
 */
export const END_CONDITION_MAX = { days: 3_650, responses: 100_000_000 } as const;

function positiveWhole(value: string | number, max = Number.MAX_SAFE_INTEGER): number | null {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : null;
}

/** A real calendar day written YYYY-MM-DD: 2099-02-30 is not one. */
function isCalendarDay(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return DATE_VALUE.test(text) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/**
 * The start modal's check: the message for an unusable end condition, or null. `today` is the
 * chooser's own day (YYYY-MM-DD); the BFF passes earliestDayAnywhere so no time zone is refused.
 */
export function endConditionError(type: EndConditionType, value: string | number, today: string): string | null {
  if (type === 'date') {
    const text = String(value);
    if (!isCalendarDay(text) || text < today) return PUBLISHED_MESSAGES.endDateRequired;
    return null;
  }
  if (positiveWhole(value, END_CONDITION_MAX[type]) === null) {
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

/** The earliest date on any calendar right now (UTC-12's): an end date before it is over everywhere. */
export const earliestDayAnywhere = (now: Date) => isoDay(new Date(now.getTime() - LAST_ZONE_OFFSET_MS));

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

/**
 * The end condition of a survey that has ended, in the past tense: the day it ended, or the
 * responses that ended it ("Ended: Nov 10, 2026", "Ended at: 500 response(s)").
 */
export function endedLabel(state: Pick<RunState, 'endCondition' | 'startedAt'>, formatDate: (isoDate: string) => string = (isoDate) => isoDate): string {
  const condition = state.endCondition;
  if (condition?.type === 'responses') return `Ended at: ${condition.value} response(s)`;
  if (condition?.type === 'date') return `Ended: ${formatDate(String(condition.value))}`;
  const end = endsAt(state);
  // The last day it ran: it ends at the start of the day after.
  return end ? `Ended: ${formatDate(new Date(end.getTime() - 1).toISOString().slice(0, 10))}` : 'Ended';
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
