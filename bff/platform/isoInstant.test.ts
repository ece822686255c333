import { describe, expect, it } from 'vitest';
import { isoInstant } from './isoInstant';

describe('isoInstant', () => {
  it('writes what Date.prototype.toISOString writes, across days, years and both sides of 1970', () => {
    const instants = [0, -1, 1, 999, 1_000, 86_399_999, 86_400_000, -86_400_000, -86_400_001, Date.UTC(2026, 10, 25, 8, 0, 0, 45), Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(10_000, 0, 1), Date.UTC(-1, 5, 1, 12), 8.64e15, -8.64e15];
    // Rows of a read in order, back and forth over day boundaries, so the kept day changes both ways.
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2026, 0, 4); at += 3_599_997) instants.push(at, at - 86_400_000);
    for (const ms of instants) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
  });

  it('reads the text of a number and drops a fraction of a millisecond as a Date does', () => {
    expect(isoInstant('1764057600045')).toBe(new Date(1_764_057_600_045).toISOString());
    expect(isoInstant(1_764_057_600_045.999)).toBe('2025-11-25T08:00:00.045Z');
    expect(isoInstant(-0.5)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('throws as Date does for what is not an instant', () => {
    expect(() => isoInstant(Number.NaN)).toThrow(RangeError);
    expect(() => isoInstant('not a time')).toThrow(RangeError);
    expect(() => isoInstant(8.64e15 + 1)).toThrow(RangeError);
  });
});
