import { describe, expect, it } from 'vitest';
import { idInstant, VERSION_7_ID } from '../../tests/bff/support/ids';
import { timeOrderedId } from './timeOrderedId';

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the instant given', () => {
    const at = Date.UTC(2026, 10, 29, 4, 30, 0, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(VERSION_7_ID);
    expect(idInstant(id)).toBe(at);
    expect(idInstant(timeOrderedId(0))).toBe(0);
    expect(timeOrderedId(0).startsWith('00000000-0000-7')).toBe(true);
  });

  it('sorts as text in the order of its instants, so rows append to the index', () => {
    const start = Date.UTC(2026, 0, 1);
    const instants = [0, 1, 255, 256, 4095, 4096, 65_535, 65_536, 999_999, 86_400_000].map((offset) => start + offset);
    const ids = [...instants].reverse().map((at) => timeOrderedId(at));
    expect([...ids].sort().map(idInstant)).toEqual(instants);
  });

  it('gives ids of one millisecond apart from each other, with 74 random bits', () => {
    const at = Date.now();
    const ids = Array.from({ length: 10_000 }, () => timeOrderedId(at));
    expect(new Set(ids).size).toBe(10_000);
    expect(ids.every((id) => VERSION_7_ID.test(id) && idInstant(id) === at)).toBe(true);
  });

  it('refuses an instant 48 bits cannot hold rather than write a wrong id', () => {
    for (const at of [-1, 1.5, Number.NaN, 2 ** 48]) expect(() => timeOrderedId(at)).toThrow(RangeError);
    expect(idInstant(timeOrderedId(2 ** 48 - 1))).toBe(2 ** 48 - 1);
  });
});
