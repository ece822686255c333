/**
 * A company's records read into the engine's SnapshotInput: every item and event record of the
 * company (API records and imports alike), items deduplicated by item_id (the newest wins), and
 * the impressions of the last week from the call log. Runs in the snapshot worker on its own
 * connection; the queries use `?` placeholders and read plain rows, so one function serves both
 * engines. Records are read in pages (pages()), so no statement holds the whole table at once.
 */
import { EVENT_TYPES, type EventType } from '@domain/prediction/contract';
import { jsonOf, numberOf, timeOf } from '../../platform/sql';
import type { CatalogueItem, Interaction, SnapshotInput } from './engine/types';

export type Row = Record<string, unknown>;
/** Runs one read with `?` placeholders; the rows as plain objects. */
export type RowQuery = (sql: string, params: unknown[]) => Promise<Row[]>;

/**
 * Where a snapshot's records are read from: the snapshot worker's own connection, or the server's
 * for an in-memory database.
 */
export interface RecordSource {
  kind: 'sqlite' | 'postgresql';
  query: RowQuery;
  /** The same read, each row an array of the selected columns in order: no object per row, for the million events. */
  arrays: (sql: string, params: unknown[]) => Promise<unknown[][]>;
  /** A time (ms) as the database's parameter: SQLite stores ms, PostgreSQL timestamps. */
  timeParam: (ms: number) => unknown;
}

const PAGE_ROWS = 5_000;
export const IMPRESSION_WINDOW_MS = 7 * 86_400_000;
const EVENT_TYPE_SET = new Set<string>(EVENT_TYPES);
/** Names imported files use for the interactions the engine knows. */
const EVENT_TYPE_SYNONYMS: Record<string, EventType> = {
  page_view: 'view',
  pageview: 'view',
  product_view: 'view',
  viewed: 'view',
  clicked: 'click',
  addtocart: 'add_to_cart',
  add_cart: 'add_to_cart',
  cart: 'add_to_cart',
  order: 'purchase',
  purchased: 'purchase',
  buy: 'purchase',
  checkout: 'purchase',
  signup: 'conversion',
  converted: 'conversion',
  review: 'rating',
  rated: 'rating',
};

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((entry) => textOf(entry)).filter((entry): entry is string => entry !== null);
  const text = textOf(value);
  return text ? text.split(/[,;|]/).map((part) => part.trim()).filter(Boolean) : [];
}

function booleanOf(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  const text = textOf(value)?.toLowerCase();
  if (!text) return fallback;
  if (['true', 'yes', 'y', '1', 'on'].includes(text)) return true;
  if (['false', 'no', 'n', '0', 'off'].includes(text)) return false;
  return fallback;
}

/** The engine's event type of a stored one, or null for interactions the engine does not use. */
export function eventTypeOf(stored: unknown): EventType | null {
  const text = textOf(stored)?.toLowerCase().replace(/[\s-]+/g, '_');
  if (!text) return null;
  if (EVENT_TYPE_SET.has(text)) return text as EventType;
  return EVENT_TYPE_SYNONYMS[text] ?? EVENT_TYPE_SYNONYMS[text.replace(/_/g, '')] ?? null;
}

/** A stored item record as the engine reads it. */
export function catalogueItemOf(itemId: string, dataValue: unknown, unifiedValue: unknown): CatalogueItem {
  const data = jsonOf(dataValue);
  const unified = jsonOf(unifiedValue);
  const field = (name: string) => (unified[name] !== undefined ? unified[name] : data[name]);
  const stock = numberOf(data.stock);
  return {
    id: itemId,
    title: textOf(field('title')) ?? itemId,
    description: textOf(field('description')) ?? '',
    category: textOf(field('category')),
    tags: listOf(field('tags')),
    genres: listOf(data.genres ?? data.genre),
    price: numberOf(field('price')),
    createdAt: timeOf(field('created_at')),
    available: booleanOf(field('available'), true),
    stock,
    sellerId: textOf(data.seller_id ?? data.seller),
    rating: numberOf(data.rating),
    ratingCount: Math.max(0, Math.round(numberOf(data.rating_count) ?? 0)),
    flagged: booleanOf(data.flagged, false),
    deliveryDays: numberOf(data.delivery_days),
    regions: listOf(data.regions ?? data.region),
    fields: { ...data, ...unified, id: itemId },
  };
}

/** A stored event record as an interaction, or null when it lacks who, what or when. */
export function interactionOf(row: Row): Interaction | null {
  return interactionFrom(row.user_id, row.item_id, row.event_type, row.event_time, row.data, row.unified);
}

/** The same from the record's columns; `data` and `unified` may be left out (null) for an event that carries no value. */
function interactionFrom(storedUser: unknown, storedItem: unknown, storedType: unknown, storedTime: unknown, dataValue: unknown, unifiedValue: unknown): Interaction | null {
  const type = eventTypeOf(storedType);
  const at = timeOf(storedTime);
  const userId = textOf(storedUser);
  const itemId = textOf(storedItem);
  if (!type || at === null || !userId || !itemId) return null;
  let value: number | null = null;
  if (dataValue !== undefined && dataValue !== null) {
    const data = jsonOf(dataValue);
    const unified = jsonOf(unifiedValue);
    value = numberOf(data.value) ?? numberOf(unified.revenue) ?? numberOf(data.rating) ?? null;
  }
  return { userId, itemId, type, value, at };
}

export interface SnapshotRead {
  input: SnapshotInput;
  /** The newest updated_at of the records read (ms), or null when there are none. */
  watermark: number | null;
}

/**
 * `select <cursor>, <columns> <from>` in pages of PAGE_ROWS in the cursor's order, each row an
 * array of the selected columns, the cursor first: no statement holds the whole table at once, and
 * no object is made per row (a company's events run to millions).
 */
async function* pages(source: RecordSource, cursor: 'id' | 'rowid', columns: string, from: string, params: unknown[]): AsyncGenerator<unknown[][]> {
  let after: unknown = cursor === 'rowid' ? 0 : '';
  for (;;) {
    const rows = await source.arrays(`select ${cursor}, ${columns} ${from} and ${cursor} > ? order by ${cursor} limit ${PAGE_ROWS}`, [...params, after]);
    if (!rows.length) return;
    yield rows;
    if (rows.length < PAGE_ROWS) return;
    after = rows[rows.length - 1]![0];
  }
}

/** The company's catalogue, each item id's newest record, sorted by id; `seen` is given each record's updated_at. */
async function readCatalogue(source: RecordSource, companyId: string, seen: (updated: unknown) => void = () => {}): Promise<CatalogueItem[]> {
  const newest = new Map<string, { updated: number; item: CatalogueItem }>();
  for await (const rows of pages(source, 'id', 'item_id, record_key, data, unified, updated_at', "from data_records where company_id = ? and kind = 'items'", [companyId])) {
    for (const [, storedItemId, recordKey, data, unified, updatedAt] of rows) {
      seen(updatedAt);
      const itemId = textOf(storedItemId) ?? textOf(recordKey);
      if (!itemId) continue;
      const updated = timeOf(updatedAt) ?? 0;
      const previous = newest.get(itemId);
      if (previous && previous.updated > updated) continue;
      newest.set(itemId, { updated, item: catalogueItemOf(itemId, data, unified) });
    }
  }
  return [...newest.values()].map((entry) => entry.item).sort((a, b) => compare(a.id, b.id));
}

/**
 * The company's event records as interactions. On SQLite they are read in the table's own order
 * (rowid, through the company's index): read by id, each of a million rows was a seek to a random
 * page of the table, 10 s against 4 s.
 */
async function readEvents(source: RecordSource, companyId: string, seen: (updated: unknown) => void): Promise<Interaction[]> {
  // Only purchases, conversions and ratings carry a value: the JSON of other events is not read.
  const valued = "lower(event_type) in ('purchase', 'conversion', 'rating', 'order', 'review')";
  const columns = `user_id, item_id, event_type, event_time, updated_at, case when ${valued} then data else null end as data, case when ${valued} then unified else null end as unified`;
  const events: Interaction[] = [];
  for await (const rows of pages(source, source.kind === 'sqlite' ? 'rowid' : 'id', columns, "from data_records where company_id = ? and kind = 'events'", [companyId])) {
    for (const [, userId, itemId, eventType, eventTime, updatedAt, data, unified] of rows) {
      seen(updatedAt);
      const interaction = interactionFrom(userId, itemId, eventType, eventTime, data, unified);
      if (interaction) events.push(interaction);
    }
  }
  return events;
}

/** How often each item id was served by the API since `since`. */
async function readImpressions(source: RecordSource, companyId: string, since: number): Promise<Record<string, number>> {
  const impressions: Record<string, number> = {};
  const from = "from prediction_calls where company_id = ? and endpoint = 'predict' and items_served > 0 and created_at >= ?";
  for await (const rows of pages(source, 'id', 'items', from, [companyId, source.timeParam(since)])) {
    for (const [, items] of rows) {
      const served = typeof items === 'string' ? (JSON.parse(items) as unknown) : items;
      if (!Array.isArray(served)) continue;
      for (const entry of served as Array<{ id?: unknown }>) {
        if (typeof entry?.id === 'string') impressions[entry.id] = (impressions[entry.id] ?? 0) + 1;
      }
    }
  }
  return impressions;
}

/** Reads everything a company's snapshot is built from; `now` is the build's clock. */
export async function readSnapshotInput(source: RecordSource, companyId: string, now: number): Promise<SnapshotRead> {
  let watermark: number | null = null;
  const seen = (updated: unknown) => {
    const time = timeOf(updated);
    if (time !== null && (watermark === null || time > watermark)) watermark = time;
  };
  const items = await readCatalogue(source, companyId, seen);
  const events = await readEvents(source, companyId, seen);
  events.sort((a, b) => a.at - b.at || compare(a.userId, b.userId) || compare(a.itemId, b.itemId) || compare(a.type, b.type));
  const impressions = await readImpressions(source, companyId, now - IMPRESSION_WINDOW_MS);
  return { input: { items, events, impressions, now }, watermark };
}

/** The window an offline evaluation trains on and holds out from: `days` ending at the company's newest event. */
export interface RecentWindow {
  days: number;
  maxEvents: number;
}

/**
 * The company's catalogue and its events of the `days` up to its newest event, whatever that
 * event's date (at most `maxEvents`, the newest), oldest first: what an offline evaluation trains
 * on and holds out from. The evaluation's clock is the newest event's time, not the server's.
 */
export async function readRecentInput(source: RecordSource, companyId: string, options: RecentWindow): Promise<SnapshotInput> {
  const items = await readCatalogue(source, companyId);
  const [newestRow] = await source.arrays("select max(event_time) from data_records where company_id = ? and kind = 'events' and user_id is not null and item_id is not null", [companyId]);
  const newest = timeOf(newestRow?.[0]);
  if (newest === null) return { items, events: [], impressions: {}, now: 0 };
  const since = newest - options.days * 86_400_000;
  const rows = await source.query(
    'select user_id, item_id, event_type, event_time, data, unified from data_records ' +
      "where company_id = ? and kind = 'events' and event_time >= ? and user_id is not null and item_id is not null " +
      `order by event_time desc, id desc limit ${Math.max(1, Math.floor(options.maxEvents))}`,
    [companyId, source.timeParam(since)],
  );
  const events = rows.map(interactionOf).filter((event): event is Interaction => event !== null);
  events.sort((a, b) => a.at - b.at || compare(a.userId, b.userId) || compare(a.itemId, b.itemId) || compare(a.type, b.type));
  return { items, events, impressions: {}, now: newest + 1 };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
