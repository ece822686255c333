/**
 * Whether a visitor is shown a survey: pure functions of the survey's targeting and what the
 * loader knows about the page and the visitor (no DOM, no storage here; targeting.ts gathers both).
 *
 * Checks run in this order, the first that fails decides (README, "Targeting"):
 *  1. device        mobile-only / desktop-only
 *  2. page          URL patterns on location.href
 *  3. time          date range, days of the week, time of day (visitor's own clock)
 *  4. visitor type  new / returning
 *  5. referrer      document.referrer contains the text
 *  6. identifier    a value for at least one required identifier type
 *  7. completed     the visitor completed it in this browser (unless it shows after completion)
 *  8. cooldown      the company's, then the survey's
 *  9. sample        showPercentage by random / session-based / sticky
 * 10. audience      audience targeting on: the server said the identified visitor is in the
 *                   audience (asked last, so only a visitor every local check lets through is asked;
 *                   before the holdout, so a holdout is always someone who would have seen it)
 * 11. holdout       a sticky share kept out (recorded as a holdout display, never shown)
 * Behaviour triggers (scroll, time on page, exit intent, click) come after, in triggers.ts.
 */
import { stickyBucket, type IdentifierRule, type PublicSurvey } from '@domain/survey/collection';
import { urlMatches } from '@domain/survey/targeting';
import type { DeviceType } from '@domain/survey/collection';
import type { DeviceTarget, PageTargeting, PercentageMethod, TimeRules, UserSegmentation } from '@domain/survey/types';

export type Verdict = 'show' | 'holdout' | 'device' | 'page' | 'time' | 'visitor' | 'referrer' | 'identifier' | 'completed' | 'cooldown' | 'sample' | 'audience';

const DAY_MS = 86_400_000;
/** Phones: a coarse pointer on a viewport at most this wide. A wider touch screen is a tablet. */
export const MOBILE_MAX_WIDTH = 768;

/**
 * The device as the widget reports it (responses' device_type): a coarse pointer on a width (the
 * narrower of viewport and screen) of at most 768 px is mobile, coarse and wider is tablet (a
 * phone held sideways wider than 768 px too), anything else desktop.
 */
export function deviceTypeOf(coarsePointer: boolean, viewportWidth: number): DeviceType {
  if (!coarsePointer) return 'desktop';
  return viewportWidth <= MOBILE_MAX_WIDTH ? 'mobile' : 'tablet';
}

/** mobile-only shows on phones only; desktop-only on everything else (tablets show like desktops). */
export function deviceMatches(target: DeviceTarget, device: DeviceType): boolean {
  if (target === 'mobile-only') return device === 'mobile';
  if (target === 'desktop-only') return device !== 'mobile';
  return true;
}

/**
 * Page targeting on: the address matches at least one pattern (none listed: no page matches). A
 * pattern starting with '/' is a path ('/checkout'): it is compared with the address after its
 * origin (path, query and fragment); other patterns with the whole address. A regular expression
 * may match either ('^/checkout' and '^https://shop\.example/' both work).
 */
export function pageMatches(targeting: PageTargeting, url: string): boolean {
  if (!targeting.enabled) return true;
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  return targeting.urlPatterns.some((pattern) =>
    targeting.matchType === 'regex'
      ? urlMatches(url, pattern, 'regex') || urlMatches(path, pattern, 'regex')
      : urlMatches(pattern.startsWith('/') ? path : url, pattern, targeting.matchType),
  );
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' of `date` on the visitor's own calendar. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'HH:MM' → minutes after midnight, or null when it is not a time. */
function minutesOf(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * Time rules on: today within startDate..endDate (inclusive, either may be ''), today one of
 * daysOfWeek (none listed: every day), and the time of day within start..end, both inclusive to
 * the minute. A range whose start is after its end runs over midnight (22:00-06:00).
 */
export function withinTimeRules(rules: TimeRules, now: Date): boolean {
  if (!rules.enabled) return true;
  const today = localDay(now);
  if (rules.startDate && today < rules.startDate) return false;
  if (rules.endDate && today > rules.endDate) return false;
  if (rules.daysOfWeek.length > 0 && !rules.daysOfWeek.includes(now.getDay())) return false;
  const start = minutesOf(rules.timeOfDay.start);
  const end = minutesOf(rules.timeOfDay.end);
  if (start === null || end === null) return true;
  const minute = now.getHours() * 60 + now.getMinutes();
  return start <= end ? minute >= start && minute <= end : minute >= start || minute <= end;
}

/** Segmentation on: the visitor type. (Geography needs the visitor's location: not applied.) */
export function visitorTypeMatches(segmentation: UserSegmentation, newVisitor: boolean): boolean {
  if (!segmentation.enabled || segmentation.visitorType === 'all') return true;
  return segmentation.visitorType === 'new' ? newVisitor : !newVisitor;
}

/** Segmentation on with a referrer text: document.referrer contains it (case-insensitive). */
export function referrerMatches(segmentation: UserSegmentation, referrer: string): boolean {
  const wanted = segmentation.referrer.trim().toLowerCase();
  return !segmentation.enabled || wanted === '' || referrer.toLowerCase().includes(wanted);
}

/** The field names one identifier type reads ('user_email, email' → both). */
export function fieldNames(rule: IdentifierRule, type: IdentifierRule['identifierTypes'][number]): string[] {
  return commaList(rule.identifierFields[type] ?? '');
}

/** 'a, b,,c' → ['a', 'b', 'c']: the embed code's and the identifier rule's lists. */
export const commaList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** The identifier values the page gives for the rule's types: field name → value. */
export function identifiersFor(rule: IdentifierRule, valueOf: (field: string) => string | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const type of rule.identifierTypes) {
    for (const field of fieldNames(rule, type)) {
      const value = valueOf(field);
      if (value) found[field] = value;
    }
  }
  return found;
}

/** When identifiers are required: at least one of the rule's types has a value in one of its fields. */
export function identifierSatisfied(rule: IdentifierRule, valueOf: (field: string) => string | undefined): boolean {
  return !rule.requireIdentifier || hasIdentifiers(identifiersFor(rule, valueOf));
}

/** Whether the page gave any identifier value (what a response would carry). */
export const hasIdentifiers = (found: Record<string, string>) => Object.keys(found).length > 0;

/** Whether `days` of cooldown since `lastSeen` (ms) are still running at `now`. */
export function coolingDown(days: number, lastSeen: number | undefined, now: number): boolean {
  return days > 0 && lastSeen !== undefined && now - lastSeen < days * DAY_MS;
}

export interface SampleInput {
  method: PercentageMethod;
  percentage: number;
  surveyId: string;
  visitorId: () => string;
  /** A number in [0, 1): Math.random in the browser. */
  random: () => number;
  /** This session's earlier session-based decision, if any. */
  remembered?: boolean;
}

/**
 * Whether the visitor falls in the survey's showPercentage: 'random' rolls on every page view,
 * 'session-based' keeps the session's first roll (the caller remembers it), 'sticky' is the same
 * for a visitor on every visit (stickyBucket of the visitor id and the survey id).
 */
export function sampledIn(input: SampleInput): boolean {
  if (input.percentage >= 100) return true;
  if (input.method === 'sticky') return stickyBucket(input.visitorId(), input.surveyId) < input.percentage;
  if (input.method === 'session-based' && input.remembered !== undefined) return input.remembered;
  return input.random() * 100 < input.percentage;
}

/** The holdout uses its own salt, so it is independent of a sticky showPercentage. */
export function inHoldout(holdoutPercentage: number, visitorId: string, surveyId: string): boolean {
  return holdoutPercentage > 0 && stickyBucket(visitorId, `holdout:${surveyId}`) < holdoutPercentage;
}

export interface DecisionContext {
  now: Date;
  url: string;
  referrer: string;
  device: DeviceType;
  newVisitor: boolean;
  visitorId: () => string;
  /** An identifier field's value from the page (identifiers.ts), or undefined. */
  identifier: (field: string) => string | undefined;
  /** Whether this browser's visitor completed this survey before. */
  completed: boolean;
  /** Last show or completion, ms: of the company's surveys, and of this survey. */
  companySeenAt?: number;
  surveySeenAt?: number;
  companyCooldownDays: number;
  /** The sampling decision (the caller keeps session-based and per-page-view rolls). */
  sampled: () => boolean;
  /**
   * Audience targeting on: true only once the server has said the visitor is in the audience (no
   * identifiers, no answer yet, a refusal or a failed request: false). The caller asks and keeps
   * the answer.
   */
  member: () => boolean;
}

/** The first failing check of the list above, or 'holdout', or 'show'. */
export function decide(survey: PublicSurvey, context: DecisionContext): Verdict {
  const triggers = survey.displayTriggers;
  if (!deviceMatches(triggers.deviceTarget, context.device)) return 'device';
  if (!pageMatches(triggers.pageTargeting, context.url)) return 'page';
  if (!withinTimeRules(triggers.timeRules, context.now)) return 'time';
  if (!visitorTypeMatches(triggers.userSegmentation, context.newVisitor)) return 'visitor';
  if (!referrerMatches(triggers.userSegmentation, context.referrer)) return 'referrer';
  if (!identifierSatisfied(survey.identifierRule, context.identifier)) return 'identifier';
  // Stored before the setting existed: missing means off.
  if (context.completed && !triggers.showAfterCompletion) return 'completed';
  const now = context.now.getTime();
  if (coolingDown(context.companyCooldownDays, context.companySeenAt, now)) return 'cooldown';
  if (coolingDown(triggers.cooldownDays, context.surveySeenAt, now)) return 'cooldown';
  if (!context.sampled()) return 'sample';
  // Stored before audience targeting existed: the field may be missing.
  if (triggers.audienceTargeting?.enabled && !context.member()) return 'audience';
  if (inHoldout(triggers.holdoutPercentage, context.visitorId(), survey.id)) return 'holdout';
  return 'show';
}
