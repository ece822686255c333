import { describe, expect, it } from 'vitest';
import { formatChange, formatConfidence, formatCurrency, formatPercent, formatRelative, formatUsers } from './format';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

describe('formatRelative', () => {
  it('uses the largest whole unit', () => {
    expect(formatRelative(before(30), NOW)).toBe(relative.format(0, 'second'));
    expect(formatRelative(before(5 * 60), NOW)).toBe(relative.format(-5, 'minute'));
    expect(formatRelative(before(3 * 3_600 + 59 * 60), NOW)).toBe(relative.format(-3, 'hour'));
    expect(formatRelative(before(26 * 3_600), NOW)).toBe(relative.format(-1, 'day'));
    expect(formatRelative(before(15 * 86_400), NOW)).toBe(relative.format(-2, 'week'));
    expect(formatRelative(before(400 * 86_400), NOW)).toBe(relative.format(-1, 'year'));
  });

  it('words a moment to come as well', () => {
    expect(formatRelative(new Date(NOW + 2 * 3_600_000).toISOString(), NOW)).toBe(relative.format(2, 'hour'));
  });
});

describe('figures', () => {
  it('keeps one decimal of a share', () => {
    expect(formatPercent(64.55)).toMatch(/^64[.,]6%$/);
    expect(formatPercent(40)).toBe('40%');
  });

  it('writes lifetime values as whole dollars', () => {
    expect(formatCurrency(2_480.6)).toBe(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(2_481));
    expect(formatCurrency(2_480.6)).not.toMatch(/[.,]6/);
  });

  it('turns a 0-1 confidence into a whole percentage', () => {
    expect(formatConfidence(0.864)).toBe('86%');
  });

  it('counts users in the singular and the plural', () => {
    expect(formatUsers(1)).toBe('1 user');
    expect(formatUsers(0)).toBe('0 users');
    expect(formatUsers(12)).toBe('12 users');
  });

  it('signs a change of count', () => {
    expect(formatChange(14, 17)).toBe('+3');
    expect(formatChange(16, 14)).toBe('−2');
    expect(formatChange(9, 9)).toBe('0');
  });
});
