/**
 * The styling editor's ranges (data document, section 5) and the page-targeting rules. Pure and
 * small: the widget's loader imports this file.
 */
import type { PageMatchType } from './types';

export const STYLING_RANGES = {
  showPercentage: { min: 1, max: 100 },
  holdoutPercentage: { min: 0, max: 50 },
  cooldownDays: { min: 0, max: 365 },
  delaySeconds: { min: 0, max: 60 },
  scrollDepth: { min: 0, max: 100 },
  timeOnPage: { min: 0, max: 86_400 },
  borderRadiusPx: { min: 0, max: 20 },
  logoOpacity: { min: 0.1, max: 1, step: 0.1 },
  buttonFontSizePx: { min: 12, max: 20, step: 2 },
} as const;

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The auto-open delay field: a non-number becomes 0, then 0-60 seconds. */
export function delaySeconds(input: string | number): number {
  const number = typeof input === 'number' ? input : Number.parseFloat(input);
  if (!Number.isFinite(number)) return 0;
  return clamp(Math.round(number), STYLING_RANGES.delaySeconds.min, STYLING_RANGES.delaySeconds.max);
}

/** URL patterns are typed one per line; blank lines are dropped. */
export function parseUrlPatterns(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Whether a page address matches one pattern (regex patterns are checked when saved). */
export function urlMatches(url: string, pattern: string, matchType: PageMatchType): boolean {
  switch (matchType) {
    case 'exact':
      return url === pattern;
    case 'starts-with':
      return url.startsWith(pattern);
    case 'regex':
      try {
        return new RegExp(pattern).test(url);
      } catch {
        return false;
      }
    default:
      return url.includes(pattern);
  }
}

/** '12px' → 12, for the px sliders; NaN-safe. */
export function pixels(value: string, fallback = 0): number {
  const number = Number.parseFloat(value);
  return Number.isFinite(number) ? number : fallback;
}
