/**
 * Hard filters and attribute matching on item fields. A filter is equality (a scalar), membership
 * (a list) or a numeric range; an item without the field never passes. Strings compare without
 * regard to case; a list-valued field (tags, regions) passes when any of its values does.
 */
import type { CustomAttributeType, FilterValue } from '@domain/prediction/contract';
import type { EngineIndex } from './build';

type Scalar = string | number | boolean;

/** The item's value for a field name: as stored, else the engine's typed copy of a unified field. */
export function itemField(index: EngineIndex, item: number, name: string): unknown {
  const stored = index.fields[item][name];
  if (stored !== undefined && stored !== null) return stored;
  const finite = (value: number) => (Number.isNaN(value) ? undefined : value);
  switch (name) {
    case 'id':
    case 'item_id':
      return index.itemIds[item];
    case 'title':
      return index.titles[item];
    case 'category':
      return index.categories[item] ?? undefined;
    case 'tags':
      return index.tags[item];
    case 'price':
      return finite(index.price[item]);
    case 'stock':
      return finite(index.stock[item]);
    case 'delivery_days':
      return finite(index.deliveryDays[item]);
    case 'seller_id':
      return index.sellerOf[item] >= 0 ? index.sellerIds[index.sellerOf[item]] : undefined;
    case 'regions':
      return index.regions[item];
    default:
      return undefined;
  }
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function scalarEquals(itemValue: unknown, wanted: Scalar): boolean {
  if (typeof wanted === 'number') return asNumber(itemValue) === wanted;
  if (typeof wanted === 'boolean') return itemValue === wanted || (typeof itemValue === 'string' && itemValue.toLowerCase() === String(wanted));
  if (typeof itemValue === 'string') return itemValue.toLowerCase() === wanted.toLowerCase();
  if (typeof itemValue === 'number' || typeof itemValue === 'boolean') return String(itemValue).toLowerCase() === wanted.toLowerCase();
  return false;
}

/** Whether any of the item's values (one, or each of a list) satisfies the test. */
function anyValue(itemValue: unknown, test: (value: unknown) => boolean): boolean {
  return Array.isArray(itemValue) ? itemValue.some(test) : test(itemValue);
}

type RangeFilter = Exclude<FilterValue, Scalar | Scalar[]>;

function isRange(filter: FilterValue): filter is RangeFilter {
  return typeof filter === 'object' && filter !== null && !Array.isArray(filter);
}

function withinRange(number: number, filter: RangeFilter): boolean {
  if (filter.gte !== undefined && !(number >= filter.gte)) return false;
  if (filter.lte !== undefined && !(number <= filter.lte)) return false;
  if (filter.gt !== undefined && !(number > filter.gt)) return false;
  if (filter.lt !== undefined && !(number < filter.lt)) return false;
  return true;
}

export function matchesFilter(itemValue: unknown, filter: FilterValue): boolean {
  if (itemValue === undefined || itemValue === null) return false;
  if (Array.isArray(filter)) return filter.some((wanted) => anyValue(itemValue, (value) => scalarEquals(value, wanted)));
  if (isRange(filter)) {
    return anyValue(itemValue, (value) => {
      const number = asNumber(value);
      return number !== null && withinRange(number, filter);
    });
  }
  return anyValue(itemValue, (value) => scalarEquals(value, filter));
}

/**
 * Range filters (price under 400, say) are checked on every candidate: a field that holds one value
 * per item gets a column of those values as numbers (NaN where none), kept with the index, so the
 * check reads a number instead of the item's stored object. A field holding lists has none (null):
 * its items are checked one value at a time.
 */
const numericColumns = new WeakMap<EngineIndex, Map<string, Float64Array | null>>();
/** Columns kept per index (800 KB each at 100,000 items): field names come from requests. */
const NUMERIC_COLUMNS_MAX = 32;

function makeNumericColumn(index: EngineIndex, name: string): Float64Array | null {
  const column = new Float64Array(index.itemCount);
  for (let item = 0; item < index.itemCount; item++) {
    const value = itemField(index, item, name);
    if (Array.isArray(value)) return null;
    column[item] = (value === undefined || value === null ? null : asNumber(value)) ?? Number.NaN;
  }
  return column;
}

type ItemTest = (item: number) => boolean;

/**
 * The hard filters every answer obeys, made once per request: servable (not flagged, in stock,
 * available) and the request's filters. A request makes at most one new column (a few milliseconds
 * at 100,000 items), so one naming many new fields never holds the server; its other range filters
 * are checked value by value until a later request has made their columns.
 */
export function hardFilters(index: EngineIndex, filters: Record<string, FilterValue>): ItemTest {
  let columns = numericColumns.get(index);
  if (!columns) numericColumns.set(index, (columns = new Map()));
  let newColumns = 0;
  const tests: ItemTest[] = [];
  for (const name in filters) {
    const filter = filters[name];
    let column: Float64Array | null | undefined = null;
    if (isRange(filter)) {
      column = columns.get(name);
      if (column === undefined && newColumns < 1 && columns.size < NUMERIC_COLUMNS_MAX) {
        newColumns++;
        columns.set(name, (column = makeNumericColumn(index, name)));
      }
    }
    if (column) {
      const numbers = column;
      tests.push((item) => !Number.isNaN(numbers[item]) && withinRange(numbers[item], filter as RangeFilter));
    } else tests.push((item) => matchesFilter(itemField(index, item, name), filter));
  }
  return (item) => {
    if (!index.servable[item]) return false;
    for (const test of tests) if (!test(item)) return false;
    return true;
  };
}

function jsonEquals(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * How well an item's field matches a request's custom attribute, 0..1: equality for scalars, the
 * share of the request's values the item has for arrays, the share of equal keys for objects.
 */
export function attributeMatch(itemValue: unknown, wanted: unknown, type: CustomAttributeType | undefined): number {
  if (itemValue === undefined || itemValue === null || wanted === undefined || wanted === null) return 0;
  const kind = type ?? (Array.isArray(wanted) ? 'array' : typeof wanted === 'object' ? 'object' : 'string');
  if (kind === 'array') {
    const values = Array.isArray(wanted) ? wanted : [wanted];
    if (!values.length) return 0;
    const hits = values.filter((value) =>
      typeof value === 'object' && value !== null
        ? anyValue(itemValue, (candidate) => jsonEquals(candidate, value))
        : anyValue(itemValue, (candidate) => scalarEquals(candidate, value as Scalar)),
    ).length;
    return hits / values.length;
  }
  if (kind === 'object') {
    if (typeof wanted !== 'object' || typeof itemValue !== 'object' || Array.isArray(itemValue)) return 0;
    const keys = Object.keys(wanted);
    if (!keys.length) return 0;
    const own = itemValue as Record<string, unknown>;
    return keys.filter((key) => jsonEquals(own[key], (wanted as Record<string, unknown>)[key])).length / keys.length;
  }
  if (typeof wanted === 'object') return 0;
  return anyValue(itemValue, (value) => scalarEquals(value, wanted as Scalar)) ? 1 : 0;
}
