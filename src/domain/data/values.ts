/**
 * Reading a raw value (a CSV cell, a JSON value, an Excel cell) as a unified field's type. The
 * import's dry run reports every reason given here, and the import stores the values returned.
 */
import { EMAIL_PATTERN } from '../auth/schemas';
import type { UnifiedValueType } from './unifiedModel';

export type UnifiedValue = string | number | boolean | string[];

export type Reading = { ok: true; value: UnifiedValue | null } | { ok: false; reason: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const EPOCH = /^\d{10}(\d{3})?$/;
const MONTH_NAME = /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i;
const CURRENCY = /^[A-Z]{3}$/;
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off']);

export const VALUE_REASONS = {
  notNumber: 'Not a number',
  notInteger: 'Not a whole number',
  notEmail: 'Not a valid e-mail address',
  notDate: 'Not a date: use ISO 8601 such as 2026-03-14 or 2026-03-14T09:30:00Z',
  notBoolean: 'Not true or false (also accepted: yes/no, 1/0)',
  notUrl: 'Not a URL (http:// or https://)',
  notCurrency: 'Not a three-letter currency code such as USD',
} as const;

/** Text of a raw value; objects (a nested JSON value) are kept as their JSON text. */
export function textOf(raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? '' : raw.toISOString();
  if (typeof raw === 'object') return JSON.stringify(raw);
  return String(raw).trim();
}

function readDate(text: string): Date | null {
  if (EPOCH.test(text)) return new Date(text.length === 10 ? Number(text) * 1000 : Number(text));
  // Slash dates are refused: 03/04/2026 is March in one country and April in the next. A written
  // date ("14 Mar 2026") must name its month and its year: V8 reads "SKU-2", "Person 12" or an id
  // like "M-1001" as dates.
  if (ISO_DATE.test(text) || (MONTH_NAME.test(text) && !/\//.test(text) && /\b\d{4}\b/.test(text))) {
    const iso = ISO_DATE.test(text);
    const date = new Date(iso && text.length === 10 ? `${text}T00:00:00Z` : iso ? text.replace(' ', 'T') : text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** A date column's value as a time (milliseconds), or null when it is not a date. */
export function readTime(raw: unknown): number | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.getTime();
  const text = textOf(raw);
  return text ? (readDate(text)?.getTime() ?? null) : null;
}

function readNumber(text: string): number | null {
  // Thousands separators and a leading currency sign are common in exports.
  const cleaned = text.replace(/^[$€£¥]/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/**
 * A decimal's text (a database's numeric, decimal or bigint, sent as text so no digit is lost) as a
 * JSON number when the number is exactly that value, else null (keep the text): "0.0125" and
 * "1666261656" are numbers, "12345678901234567890" and "0.1000000000000000055511" are not.
 * Trailing zeros of a fraction are a scale, not a value: "12.50" is 12.5.
 */
export function exactNumber(text: string): number | null {
  const match = /^(-?)0*(\d+?)(?:\.(\d*?)0*)?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction] = match as unknown as [string, string, string, string | undefined];
  const value = Number(`${sign}${whole}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(value)) return null;
  // The shortest text that reads back as this double (ECMAScript's Number to String) names the
  // decimal exactly when its digits are the given ones.
  const canonical = `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
  if (value === 0) return 0;
  return !String(value).includes('e') && String(value) === canonical ? value : null;
}

/** Reads one value; an empty value is null (absent), never an error. */
export function readValue(type: UnifiedValueType, raw: unknown): Reading {
  if (typeof raw === 'number' && (type === 'number' || type === 'integer')) {
    if (!Number.isFinite(raw)) return { ok: false, reason: VALUE_REASONS.notNumber };
    if (type === 'integer' && !Number.isInteger(raw)) return { ok: false, reason: VALUE_REASONS.notInteger };
    return { ok: true, value: raw };
  }
  if (typeof raw === 'boolean' && type === 'boolean') return { ok: true, value: raw };
  if (Array.isArray(raw) && type === 'tags') return { ok: true, value: raw.map(textOf).filter(Boolean) };
  const text = textOf(raw);
  if (text === '') return { ok: true, value: null };
  switch (type) {
    case 'string':
      return { ok: true, value: text };
    case 'email':
      return EMAIL_PATTERN.test(text) ? { ok: true, value: text.toLowerCase() } : { ok: false, reason: VALUE_REASONS.notEmail };
    case 'number': {
      const value = readNumber(text);
      return value === null ? { ok: false, reason: VALUE_REASONS.notNumber } : { ok: true, value };
    }
    case 'integer': {
      const value = readNumber(text);
      if (value === null) return { ok: false, reason: VALUE_REASONS.notNumber };
      return Number.isInteger(value) ? { ok: true, value } : { ok: false, reason: VALUE_REASONS.notInteger };
    }
    case 'datetime': {
      const date = raw instanceof Date ? raw : readDate(text);
      return date && !Number.isNaN(date.getTime()) ? { ok: true, value: date.toISOString() } : { ok: false, reason: VALUE_REASONS.notDate };
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return { ok: false, reason: VALUE_REASONS.notBoolean };
    }
    case 'url':
      return /^https?:\/\/\S+$/i.test(text) || text.startsWith('/') ? { ok: true, value: text } : { ok: false, reason: VALUE_REASONS.notUrl };
    case 'currency':
      return CURRENCY.test(text.toUpperCase()) ? { ok: true, value: text.toUpperCase() } : { ok: false, reason: VALUE_REASONS.notCurrency };
    case 'tags':
      return { ok: true, value: text.split(/[;,|]/).map((tag) => tag.trim()).filter(Boolean) };
  }
}
