import { describe, expect, it } from 'vitest';
import type { FilterValue } from '@domain/prediction/contract';
import { buildIndex } from './build';
import { fixtureInput } from './fixture';
import { hardFilters, itemField, matchesFilter } from './filters';
import type { CatalogueItem } from './types';

const base = fixtureInput().items[0];
/** One servable item per stored value: numbers, numeric text, lists, objects, nothing. */
const STORED: unknown[] = [12, 0, -3.5, '40', ' 7 ', 'n/a', '', true, null, undefined, Number.POSITIVE_INFINITY, [5, 500], ['9', 'x'], [], { value: 1 }];

function catalogue(field: string): CatalogueItem[] {
  return STORED.map((value, position) => ({ ...base, id: `s${String(position).padStart(2, '0')}`, stock: 5, fields: value === undefined ? {} : { [field]: value } }));
}

const RANGES: FilterValue[] = [{ lte: 12 }, { gte: 0, lt: 40 }, { gt: -10 }, {}, { gte: 6, lte: 8 }];

describe('range filters on a column of numbers', () => {
  it.each(['size', 'weight', '__proto__'])('pass exactly the items the value-by-value check passes (field %s)', (field) => {
    const index = buildIndex({ ...fixtureInput(), items: catalogue(field) });
    let passed = 0;
    for (const range of RANGES) {
      for (let item = 0; item < index.itemCount; item++) {
        const expected = Boolean(index.servable[item]) && matchesFilter(itemField(index, item, field), range);
        expect(hardFilters(index, { [field]: range })(item), `${JSON.stringify(itemField(index, item, field))} in ${JSON.stringify(range)}`).toBe(expected);
        if (expected) passed++;
      }
    }
    // The check means something only if some items pass and some fail.
    expect(passed).toBeGreaterThan(10);
    expect(passed).toBeLessThan(RANGES.length * index.itemCount);
  });

  it('make one new column per request: the other range filters are checked value by value, with the same answers', () => {
    const index = buildIndex({ ...fixtureInput(), items: catalogue('size').map((item, position) => ({ ...item, fields: { ...item.fields, weight: STORED[(position + 3) % STORED.length] } })) });
    const filters: Record<string, FilterValue> = { size: { lte: 12 }, weight: { gte: 0 } };
    const expected = (item: number) => Boolean(index.servable[item]) && matchesFilter(itemField(index, item, 'size'), filters.size) && matchesFilter(itemField(index, item, 'weight'), filters.weight);
    const items = Array.from({ length: index.itemCount }, (_, item) => item);
    // The first request makes size's column and checks weight value by value; the second makes weight's.
    for (let request = 0; request < 3; request++) {
      const passes = hardFilters(index, filters);
      expect(items.map(passes)).toEqual(items.map(expected));
    }
    expect(items.some(expected)).toBe(true);
  });

  it('read the typed copy of a unified field when nothing is stored under its name', () => {
    const items = catalogue('other').map((item, position) => ({ ...item, price: position * 10 }));
    const index = buildIndex({ ...fixtureInput(), items });
    const passing = Array.from({ length: index.itemCount }, (_, item) => item).filter(hardFilters(index, { price: { gte: 20, lte: 40 } }));
    expect(passing.map((item) => index.itemIds[item])).toEqual(['s02', 's03', 's04']);
  });
});
