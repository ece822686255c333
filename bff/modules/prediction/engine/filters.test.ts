import { describe, expect, it } from 'vitest';
import type { FilterValue } from '@domain/prediction/contract';
import { buildIndex } from './build';
import { fixtureInput } from './fixture';
import { itemField, matchesFilter, passesHardFilters } from './filters';
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
        expect(passesHardFilters(index, item, { [field]: range }), `${JSON.stringify(itemField(index, item, field))} in ${JSON.stringify(range)}`).toBe(expected);
        if (expected) passed++;
      }
    }
    // The check means something only if some items pass and some fail.
    expect(passed).toBeGreaterThan(10);
    expect(passed).toBeLessThan(RANGES.length * index.itemCount);
  });

  it('read the typed copy of a unified field when nothing is stored under its name', () => {
    const items = catalogue('other').map((item, position) => ({ ...item, price: position * 10 }));
    const index = buildIndex({ ...fixtureInput(), items });
    const passing = Array.from({ length: index.itemCount }, (_, item) => item).filter((item) => passesHardFilters(index, item, { price: { gte: 20, lte: 40 } }));
    expect(passing.map((item) => index.itemIds[item])).toEqual(['s02', 's03', 's04']);
  });
});
