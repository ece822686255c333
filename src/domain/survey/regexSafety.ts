/**
 * A page-targeting regex is checked before it is saved: it must compile, and it must not have
 * nested repetition (star height above 1, as in `(a+)+`), which can take exponential time to fail
 * on a visitor's address. Kept apart from targeting.ts so the widget never ships the checker.
 */
import safeRegex from 'safe-regex2';
import { TARGETING_MESSAGES } from './messages';

export const URL_PATTERN_MAX = 500;

export function regexPatternError(pattern: string): string | null {
  try {
    new RegExp(pattern);
  } catch {
    return TARGETING_MESSAGES.invalidRegex(pattern);
  }
  if (pattern.length > URL_PATTERN_MAX || !safeRegex(pattern)) return TARGETING_MESSAGES.unsafeRegex(pattern);
  return null;
}
