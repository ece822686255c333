/**
 * buildIndex: turns a company's items, events and impression counts into the plain-data index that
 * rank, baseline and readiness read. Items are sorted by id, so an item's position is its tie-break
 * order; every per-item or per-user figure lives in a typed array at that position, and ids are
 * interned once (items, users, sellers, labels, terms).
 */
import type { EventType } from '@domain/prediction/contract';
import { compareIds } from './hash';
import { servingArraysOf, type ServingArrays } from './serving';
import { tokenize } from './text';
import type { CatalogueItem, PredictionIndex, SnapshotInput } from './types';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Neighbours kept per item (the strongest co-occurrences). */
export const NEIGHBOURS_PER_ITEM = 20;
/** Only a person's most recent distinct items pair up: bounds the co-occurrence work per person. */
export const COOCCURRENCE_ITEMS_PER_USER = 50;
/** A person's most recent distinct items kept as anchors for viewing patterns. */
export const RECENT_ITEMS_PER_USER = 20;
export const PRICE_BANDS = 5;
/** Items younger than this are "new" (candidates), sellers younger than this are "new" (cold start). */
export const NEW_WINDOW_MS = 30 * DAY_MS;
/** Trending compares the last 24 h with the daily average of the six days before. */
export const TRENDING_WINDOW_MS = DAY_MS;
export const TRENDING_BASELINE_DAYS = 6;
/** Recent events count with a 12 h half-life inside the trending window. */
export const TRENDING_HALF_LIFE_MS = 12 * HOUR_MS;
/** Demand for supply and demand: interactions per day over the last week. */
export const DEMAND_WINDOW_DAYS = 7;
/** Reviews the Bayesian average adds at the catalogue's mean rating. */
export const RATING_PRIOR_COUNT = 10;
/** Candidate lists precomputed per kind (trending, new, popular, per label). */
export const CANDIDATE_LIST_SIZE = 200;
export const LABEL_TOP_ITEMS = 100;
/** Audience traits kept per item (its most common favourite labels among the people who interacted). */
export const AUDIENCE_LABELS_PER_ITEM = 5;
/** Title and tag words count twice as much as description words in BM25. */
const TITLE_WEIGHT = 2;
const TAG_WEIGHT = 2;
const DESCRIPTION_WEIGHT = 1;

/**
 * The index proper. Opaque to callers (they see PredictionIndex); plain data only so it survives
 * postMessage from the builder's worker thread.
 */
interface BuiltIndex extends PredictionIndex {
  readonly format: 'navout-engine/1';
  // Items, sorted by id.
  readonly itemIds: string[];
  readonly itemById: Map<string, number>;
  readonly titles: string[];
  readonly categories: Array<string | null>;
  readonly tags: string[][];
  /** Distinct lower-cased tags, for similarity. */
  readonly tagKeys: string[][];
  readonly fields: Array<Record<string, unknown>>;
  readonly price: Float64Array;
  /** 0..PRICE_BANDS-1 by catalogue quantiles; -1 without a price. */
  readonly priceBand: Int8Array;
  /** Lowest and highest price of each band: [lo0, hi0, lo1, hi1, ...]. */
  readonly priceBandBounds: Float64Array;
  readonly createdAt: Float64Array;
  readonly flagged: Uint8Array;
  /** 1 when the item may be served at all: not flagged, available and not out of stock. */
  readonly servable: Uint8Array;
  readonly stock: Float64Array;
  readonly deliveryDays: Float64Array;
  /** Lower-cased regions an item delivers to. */
  readonly regions: string[][];
  readonly sellerOf: Int32Array;
  readonly sellerIds: string[];
  readonly sellerFirstSeen: Float64Array;
  readonly sellerImpressions: Float64Array;
  /** What the seller would have had with impressions shared in proportion to its items. */
  readonly sellerFairImpressions: Float64Array;
  readonly impressions: Float64Array;
  readonly maxImpressions: number;
  readonly totalImpressions: number;
  /** Mean of the item's rating and its rating events; NaN when unrated. */
  readonly ratingMean: Float64Array;
  readonly ratingCount: Float64Array;
  readonly bayesianRating: Float64Array;
  // Labels: genres and categories in one vocabulary (lower-cased key, first spelling displayed).
  readonly labels: string[];
  readonly itemLabelOffsets: Int32Array;
  readonly itemLabels: Int32Array;
  readonly labelTopOffsets: Int32Array;
  readonly labelTopItems: Int32Array;
  // Text: BM25 postings.
  readonly terms: Map<string, number>;
  readonly postingOffsets: Int32Array;
  readonly postingItems: Int32Array;
  readonly postingFrequencies: Float32Array;
  readonly documentLengths: Float32Array;
  readonly averageDocumentLength: number;
  // Interactions.
  readonly popularity: Float64Array;
  readonly popularOrder: Int32Array;
  readonly last24h: Float64Array;
  readonly previousDailyAverage: Float64Array;
  readonly trendScore: Float64Array;
  readonly trendingOrder: Int32Array;
  readonly newestOrder: Int32Array;
  readonly demandPerDay: Float64Array;
  readonly neighbourOffsets: Int32Array;
  readonly neighbourItems: Int32Array;
  readonly neighbourCounts: Int32Array;
  // People.
  readonly userById: Map<string, number>;
  readonly userEventCount: Int32Array;
  readonly userRecentOffsets: Int32Array;
  /** Newest first. */
  readonly userRecentItems: Int32Array;
  readonly userLabelOffsets: Int32Array;
  readonly userLabels: Int32Array;
  readonly userLabelCounts: Float32Array;
  /** users × PRICE_BANDS interaction counts. */
  readonly userBandCounts: Float32Array;
  readonly userFavouriteLabel: Int32Array;
  readonly userFavouriteBand: Int8Array;
  // Audiences: who interacted with each item, described by their favourite label and price band.
  readonly audienceSize: Int32Array;
  readonly audienceBandCounts: Float32Array;
  readonly audienceLabelOffsets: Int32Array;
  readonly audienceLabels: Int32Array;
  readonly audienceLabelCounts: Int32Array;
  readonly coverage: DataCoverage;
}

/** The index with what the request path reads precomputed (serving.ts). */
export type EngineIndex = BuiltIndex & ServingArrays;

/** How many items carry what each lever reads (the readiness notes). */
export interface DataCoverage {
  items: number;
  users: number;
  withText: number;
  withSeller: number;
  withDeliveryDays: number;
  withRating: number;
  withPrice: number;
  withStock: number;
  withAudience: number;
  withCategoryOrTags: number;
  withNeighbours: number;
  withGenres: number;
  withRecentEvents: number;
  withImpressions: number;
}

export function asEngineIndex(index: PredictionIndex): EngineIndex {
  if ((index as Partial<EngineIndex>).format !== 'navout-engine/1') throw new Error('Not an index built by this engine');
  return index as EngineIndex;
}

const EVENT_TYPE_CODES: Record<EventType, number> = { view: 0, click: 1, add_to_cart: 2, purchase: 3, conversion: 4, rating: 5 };
const RATING_CODE = EVENT_TYPE_CODES.rating;

const finiteOr = (value: number | null | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** Compressed rows: offsets (rows + 1) into one flat array. */
function offsetsFromCounts(counts: Int32Array): Int32Array {
  const offsets = new Int32Array(counts.length + 1);
  for (let row = 0; row < counts.length; row++) offsets[row + 1] = offsets[row] + counts[row];
  return offsets;
}

/** Indices 0..n-1 ordered by `key` descending, ties by index (= id) ascending. */
function orderDescending(count: number, key: (index: number) => number, include: (index: number) => boolean, limit = count): Int32Array {
  const chosen: number[] = [];
  for (let index = 0; index < count; index++) if (include(index)) chosen.push(index);
  chosen.sort((left, right) => key(right) - key(left) || left - right);
  return Int32Array.from(chosen.slice(0, limit));
}

function dedupeItems(items: CatalogueItem[]): CatalogueItem[] {
  const byId = new Map<string, CatalogueItem>();
  for (const item of items) byId.set(item.id, item);
  return [...byId.values()].sort((left, right) => compareIds(left.id, right.id));
}

/** Keeps what filters and custom attributes may compare, minus the long texts held elsewhere. */
function filterableFields(item: CatalogueItem): Record<string, unknown> {
  const { description: _description, ...rest } = item.fields;
  return rest;
}

export function buildIndex(input: SnapshotInput): EngineIndex {
  const now = input.now;
  const items = dedupeItems(input.items);
  const itemCount = items.length;
  const itemById = new Map<string, number>();
  items.forEach((item, index) => itemById.set(item.id, index));

  const price = new Float64Array(itemCount).fill(Number.NaN);
  const createdAt = new Float64Array(itemCount).fill(Number.NaN);
  const stock = new Float64Array(itemCount).fill(Number.NaN);
  const deliveryDays = new Float64Array(itemCount).fill(Number.NaN);
  const flagged = new Uint8Array(itemCount);
  const servable = new Uint8Array(itemCount);
  const sellerOf = new Int32Array(itemCount).fill(-1);
  const sellerById = new Map<string, number>();
  const sellerIds: string[] = [];
  const regions: string[][] = [];
  const labelByKey = new Map<string, number>();
  const labels: string[] = [];
  const itemLabelCounts = new Int32Array(itemCount);
  const itemLabelLists: number[][] = [];

  const internLabel = (label: string) => {
    const key = label.trim().toLowerCase();
    if (!key) return -1;
    let id = labelByKey.get(key);
    if (id === undefined) {
      id = labels.length;
      labelByKey.set(key, id);
      labels.push(label.trim());
    }
    return id;
  };

  items.forEach((item, index) => {
    price[index] = finiteOr(item.price, Number.NaN);
    createdAt[index] = finiteOr(item.createdAt, Number.NaN);
    stock[index] = finiteOr(item.stock, Number.NaN);
    deliveryDays[index] = finiteOr(item.deliveryDays, Number.NaN);
    flagged[index] = item.flagged ? 1 : 0;
    servable[index] = !item.flagged && item.available && item.stock !== 0 ? 1 : 0;
    if (item.sellerId) {
      let seller = sellerById.get(item.sellerId);
      if (seller === undefined) {
        seller = sellerIds.length;
        sellerById.set(item.sellerId, seller);
        sellerIds.push(item.sellerId);
      }
      sellerOf[index] = seller;
    }
    regions.push(item.regions.map((region) => region.trim().toLowerCase()).filter(Boolean));
    const ownLabels: number[] = [];
    for (const label of [...item.genres, ...(item.category ? [item.category] : [])]) {
      const id = internLabel(label);
      if (id >= 0 && !ownLabels.includes(id)) ownLabels.push(id);
    }
    itemLabelLists.push(ownLabels);
    itemLabelCounts[index] = ownLabels.length;
  });
  const itemLabelOffsets = offsetsFromCounts(itemLabelCounts);
  const itemLabels = Int32Array.from(itemLabelLists.flat());
  const labelCount = labels.length;

  // Price bands by catalogue quantiles: "your usual price range" follows the company's own prices.
  const sortedPrices = Array.from(price.filter((value) => !Number.isNaN(value))).sort((left, right) => left - right);
  const bandUpperBounds: number[] = [];
  for (let band = 1; band < PRICE_BANDS; band++) bandUpperBounds.push(sortedPrices.length ? sortedPrices[Math.floor((sortedPrices.length * band) / PRICE_BANDS)] : 0);
  const priceBand = new Int8Array(itemCount).fill(-1);
  const priceBandBounds = new Float64Array(PRICE_BANDS * 2).fill(Number.NaN);
  for (let index = 0; index < itemCount; index++) {
    const value = price[index];
    if (Number.isNaN(value)) continue;
    let band = 0;
    while (band < PRICE_BANDS - 1 && value >= bandUpperBounds[band]) band++;
    priceBand[index] = band;
    const low = priceBandBounds[band * 2];
    const high = priceBandBounds[band * 2 + 1];
    if (Number.isNaN(low) || value < low) priceBandBounds[band * 2] = value;
    if (Number.isNaN(high) || value > high) priceBandBounds[band * 2 + 1] = value;
  }

  const text = buildTextIndex(items);

  // Events: interned, in input order (a person's own events are put in time order later).
  const userById = new Map<string, number>();
  const userIds: string[] = [];
  const evItem = new Int32Array(input.events.length);
  const evUser = new Int32Array(input.events.length);
  const evAt = new Float64Array(input.events.length);
  const evType = new Uint8Array(input.events.length);
  const evValue = new Float64Array(input.events.length);
  let eventCount = 0;
  for (const event of input.events) {
    const item = itemById.get(event.itemId);
    if (item === undefined || !Number.isFinite(event.at)) continue;
    let user = userById.get(event.userId);
    if (user === undefined) {
      user = userIds.length;
      userById.set(event.userId, user);
      userIds.push(event.userId);
    }
    evItem[eventCount] = item;
    evUser[eventCount] = user;
    evAt[eventCount] = event.at;
    evType[eventCount] = EVENT_TYPE_CODES[event.type] ?? 0;
    evValue[eventCount] = finiteOr(event.value, Number.NaN);
    eventCount++;
  }
  const userCount = userIds.length;

  // Per-item interaction figures.
  const popularity = new Float64Array(itemCount);
  const last24h = new Float64Array(itemCount);
  const baselineCount = new Float64Array(itemCount);
  const decayed24h = new Float64Array(itemCount);
  const lastWeek = new Float64Array(itemCount);
  const ratingSum = new Float64Array(itemCount);
  const ratingEvents = new Float64Array(itemCount);
  const firstEventAt = new Float64Array(itemCount).fill(Number.POSITIVE_INFINITY);
  for (let event = 0; event < eventCount; event++) {
    const item = evItem[event];
    const age = now - evAt[event];
    popularity[item] += 1;
    if (evAt[event] < firstEventAt[item]) firstEventAt[item] = evAt[event];
    if (age >= 0 && age < TRENDING_WINDOW_MS) {
      last24h[item] += 1;
      decayed24h[item] += Math.pow(0.5, age / TRENDING_HALF_LIFE_MS);
    } else if (age >= TRENDING_WINDOW_MS && age < TRENDING_WINDOW_MS * (1 + TRENDING_BASELINE_DAYS)) {
      baselineCount[item] += 1;
    }
    if (age >= 0 && age < DEMAND_WINDOW_DAYS * DAY_MS) lastWeek[item] += 1;
    if (evType[event] === RATING_CODE && !Number.isNaN(evValue[event])) {
      ratingSum[item] += evValue[event];
      ratingEvents[item] += 1;
    }
  }
  // A steady daily rate r leaves r × (mean of the decay over 24 h) in decayed24h; above that is acceleration.
  const steadyShare = (TRENDING_HALF_LIFE_MS / Math.LN2) * (1 - Math.pow(0.5, TRENDING_WINDOW_MS / TRENDING_HALF_LIFE_MS)) / TRENDING_WINDOW_MS;
  const previousDailyAverage = new Float64Array(itemCount);
  const trendScore = new Float64Array(itemCount);
  const demandPerDay = new Float64Array(itemCount);
  for (let item = 0; item < itemCount; item++) {
    previousDailyAverage[item] = baselineCount[item] / TRENDING_BASELINE_DAYS;
    trendScore[item] = Math.max(0, decayed24h[item] - steadyShare * previousDailyAverage[item]);
    demandPerDay[item] = lastWeek[item] / DEMAND_WINDOW_DAYS;
  }

  const ratings = buildRatings(items, ratingSum, ratingEvents);
  const people = buildPeople({ itemCount, userCount, eventCount, evItem, evUser, evAt, itemLabelOffsets, itemLabels, labelCount, priceBand });
  const neighbours = buildNeighbours(itemCount, people.pairUserOffsets, people.pairUserItems);
  const audience = buildAudiences(itemCount, neighbours.byItem, people, labelCount);

  // Sellers: first seen at their earliest item or interaction; fair share of impressions by item count.
  const sellerCount = sellerIds.length;
  const sellerFirstSeen = new Float64Array(sellerCount).fill(Number.POSITIVE_INFINITY);
  const sellerItems = new Float64Array(sellerCount);
  const sellerImpressions = new Float64Array(sellerCount);
  const impressions = new Float64Array(itemCount);
  let totalImpressions = 0;
  let maxImpressions = 0;
  let sellerItemTotal = 0;
  let sellerImpressionTotal = 0;
  for (let item = 0; item < itemCount; item++) {
    const shown = Math.max(0, finiteOr(input.impressions[items[item].id], 0));
    impressions[item] = shown;
    totalImpressions += shown;
    if (shown > maxImpressions) maxImpressions = shown;
    const seller = sellerOf[item];
    if (seller < 0) continue;
    const firstSeen = Math.min(Number.isNaN(createdAt[item]) ? Number.POSITIVE_INFINITY : createdAt[item], firstEventAt[item]);
    if (firstSeen < sellerFirstSeen[seller]) sellerFirstSeen[seller] = firstSeen;
    sellerItems[seller] += 1;
    sellerImpressions[seller] += shown;
    sellerItemTotal += 1;
    sellerImpressionTotal += shown;
  }
  const sellerFairImpressions = new Float64Array(sellerCount);
  for (let seller = 0; seller < sellerCount; seller++) {
    sellerFairImpressions[seller] = sellerItemTotal ? (sellerImpressionTotal * sellerItems[seller]) / sellerItemTotal : 0;
  }

  const popularOrder = orderDescending(itemCount, (item) => popularity[item], () => true);
  const trendingOrder = orderDescending(itemCount, (item) => trendScore[item], (item) => trendScore[item] > 0, CANDIDATE_LIST_SIZE);
  const newestOrder = orderDescending(
    itemCount,
    (item) => createdAt[item],
    (item) => createdAt[item] <= now && now - createdAt[item] < NEW_WINDOW_MS,
    CANDIDATE_LIST_SIZE,
  );
  const labelTop = buildLabelTopItems(labelCount, popularOrder, itemLabelOffsets, itemLabels);

  let withText = 0;
  let withCategoryOrTags = 0;
  let withRecentEvents = 0;
  let withNeighbours = 0;
  let withImpressions = 0;
  for (let item = 0; item < itemCount; item++) {
    const record = items[item];
    if (record.description.trim() || record.tags.length) withText++;
    if (record.category || record.tags.length) withCategoryOrTags++;
    if (lastWeek[item] > 0) withRecentEvents++;
    if (neighbours.offsets[item + 1] > neighbours.offsets[item]) withNeighbours++;
    if (impressions[item] > 0) withImpressions++;
  }
  const count = (test: (index: number) => boolean) => {
    let total = 0;
    for (let index = 0; index < itemCount; index++) if (test(index)) total++;
    return total;
  };

  const index: BuiltIndex = {
    format: 'navout-engine/1',
    itemCount,
    eventCount,
    builtAt: now,
    itemIds: items.map((item) => item.id),
    itemById,
    titles: items.map((item) => item.title),
    categories: items.map((item) => item.category),
    tags: items.map((item) => item.tags),
    tagKeys: items.map((item) => [...new Set(item.tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))]),
    fields: items.map(filterableFields),
    price,
    priceBand,
    priceBandBounds,
    createdAt,
    flagged,
    servable,
    stock,
    deliveryDays,
    regions,
    sellerOf,
    sellerIds,
    sellerFirstSeen,
    sellerImpressions,
    sellerFairImpressions,
    impressions,
    maxImpressions,
    totalImpressions,
    ...ratings,
    labels,
    itemLabelOffsets,
    itemLabels,
    labelTopOffsets: labelTop.offsets,
    labelTopItems: labelTop.items,
    ...text,
    popularity,
    popularOrder,
    last24h,
    previousDailyAverage,
    trendScore,
    trendingOrder,
    newestOrder,
    demandPerDay,
    neighbourOffsets: neighbours.offsets,
    neighbourItems: neighbours.items,
    neighbourCounts: neighbours.counts,
    userById,
    userEventCount: people.userEventCount,
    userRecentOffsets: people.userRecentOffsets,
    userRecentItems: people.userRecentItems,
    userLabelOffsets: people.userLabelOffsets,
    userLabels: people.userLabels,
    userLabelCounts: people.userLabelCounts,
    userBandCounts: people.userBandCounts,
    userFavouriteLabel: people.userFavouriteLabel,
    userFavouriteBand: people.userFavouriteBand,
    ...audience,
    coverage: {
      items: itemCount,
      users: userCount,
      withText,
      withSeller: count((item) => sellerOf[item] >= 0),
      withDeliveryDays: count((item) => !Number.isNaN(deliveryDays[item])),
      withRating: count((item) => !Number.isNaN(ratings.ratingMean[item])),
      withPrice: count((item) => priceBand[item] >= 0),
      withStock: count((item) => !Number.isNaN(stock[item])),
      withAudience: count((item) => audience.audienceSize[item] > 0),
      withCategoryOrTags,
      withNeighbours,
      withGenres: count((item) => itemLabelOffsets[item + 1] > itemLabelOffsets[item]),
      withRecentEvents,
      withImpressions,
    },
  };
  // Precomputed here, in the builder's worker, so the request path only sums and compares.
  return { ...index, ...servingArraysOf({ ...index, demandWindowDays: DEMAND_WINDOW_DAYS }) };
}

function buildTextIndex(items: CatalogueItem[]) {
  const terms = new Map<string, number>();
  const documentTerms: number[] = [];
  const documentFrequencies: number[] = [];
  const documentOffsets = new Int32Array(items.length + 1);
  const documentLengths = new Float32Array(items.length);
  const frequencies = new Map<number, number>();
  let lengthTotal = 0;
  items.forEach((item, index) => {
    frequencies.clear();
    let length = 0;
    const add = (text: string, weight: number) => {
      for (const token of tokenize(text)) {
        let term = terms.get(token);
        if (term === undefined) {
          term = terms.size;
          terms.set(token, term);
        }
        frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
        length += weight;
      }
    };
    add(item.title, TITLE_WEIGHT);
    add(item.description, DESCRIPTION_WEIGHT);
    for (const tag of item.tags) add(tag, TAG_WEIGHT);
    for (const [term, frequency] of frequencies) {
      documentTerms.push(term);
      documentFrequencies.push(frequency);
    }
    documentOffsets[index + 1] = documentTerms.length;
    documentLengths[index] = length;
    lengthTotal += length;
  });
  const postingCounts = new Int32Array(terms.size);
  for (const term of documentTerms) postingCounts[term]++;
  const postingOffsets = offsetsFromCounts(postingCounts);
  const cursor = postingOffsets.slice(0, terms.size);
  const postingItems = new Int32Array(documentTerms.length);
  const postingFrequencies = new Float32Array(documentTerms.length);
  for (let item = 0; item < items.length; item++) {
    for (let position = documentOffsets[item]; position < documentOffsets[item + 1]; position++) {
      const slot = cursor[documentTerms[position]]++;
      postingItems[slot] = item;
      postingFrequencies[slot] = documentFrequencies[position];
    }
  }
  return { terms, postingOffsets, postingItems, postingFrequencies, documentLengths, averageDocumentLength: items.length ? lengthTotal / items.length : 0 };
}

/** The item's own rating (weighted by its review count) pooled with rating events; Bayesian-averaged towards the catalogue mean. */
function buildRatings(items: CatalogueItem[], ratingSum: Float64Array, ratingEvents: Float64Array) {
  const count = items.length;
  const ratingMean = new Float64Array(count).fill(Number.NaN);
  const ratingCount = new Float64Array(count);
  let poolSum = 0;
  let poolCount = 0;
  items.forEach((item, index) => {
    const own = typeof item.rating === 'number' && Number.isFinite(item.rating) ? item.rating : null;
    const ownCount = own === null ? 0 : Math.max(1, finiteOr(item.ratingCount, 1));
    const total = ownCount + ratingEvents[index];
    if (total === 0) return;
    const sum = (own ?? 0) * ownCount + ratingSum[index];
    ratingMean[index] = sum / total;
    ratingCount[index] = total;
    poolSum += sum;
    poolCount += total;
  });
  const prior = poolCount ? poolSum / poolCount : 0;
  const bayesianRating = new Float64Array(count).fill(Number.NaN);
  for (let index = 0; index < count; index++) {
    if (ratingCount[index] === 0) continue;
    bayesianRating[index] = (RATING_PRIOR_COUNT * prior + ratingMean[index] * ratingCount[index]) / (RATING_PRIOR_COUNT + ratingCount[index]);
  }
  return { ratingMean, ratingCount, bayesianRating };
}

interface PeopleInput {
  itemCount: number;
  userCount: number;
  eventCount: number;
  evItem: Int32Array;
  evUser: Int32Array;
  evAt: Float64Array;
  itemLabelOffsets: Int32Array;
  itemLabels: Int32Array;
  labelCount: number;
  priceBand: Int8Array;
}

type People = ReturnType<typeof buildPeople>;

/** Per person: event counts, recent distinct items, label and price band counts, favourites. */
function buildPeople({ itemCount, userCount, eventCount, evItem, evUser, evAt, itemLabelOffsets, itemLabels, labelCount, priceBand }: PeopleInput) {
  const userEventCount = new Int32Array(userCount);
  for (let event = 0; event < eventCount; event++) userEventCount[evUser[event]]++;
  const userEventOffsets = offsetsFromCounts(userEventCount);
  const cursor = userEventOffsets.slice(0, userCount);
  const userEvents = new Int32Array(eventCount);
  for (let event = 0; event < eventCount; event++) userEvents[cursor[evUser[event]]++] = event;
  // Each person's events in time order, equal times in input order: many short sorts instead of one long one.
  const byTime = (left: number, right: number) => evAt[left] - evAt[right] || left - right;
  for (let user = 0; user < userCount; user++) {
    const start = userEventOffsets[user];
    const end = userEventOffsets[user + 1];
    if (end - start > 1) userEvents.subarray(start, end).sort(byTime);
  }

  const recentCounts = new Int32Array(userCount);
  const pairCounts = new Int32Array(userCount);
  const recentItems: number[] = [];
  const pairItems: number[] = [];
  const seenAt = new Int32Array(itemCount).fill(-1);
  const labelScratch = new Float32Array(labelCount);
  const touchedLabels: number[] = [];
  const userLabelCounts: number[] = [];
  const userLabels: number[] = [];
  const userLabelRowCounts = new Int32Array(userCount);
  const userBandCounts = new Float32Array(userCount * PRICE_BANDS);
  const userFavouriteLabel = new Int32Array(userCount).fill(-1);
  const userFavouriteBand = new Int8Array(userCount).fill(-1);

  for (let user = 0; user < userCount; user++) {
    // Newest first: the first time an item is met is its most recent interaction.
    for (let position = userEventOffsets[user + 1] - 1; position >= userEventOffsets[user]; position--) {
      const event = userEvents[position];
      const item = evItem[event];
      const band = priceBand[item];
      if (band >= 0) userBandCounts[user * PRICE_BANDS + band] += 1;
      for (let slot = itemLabelOffsets[item]; slot < itemLabelOffsets[item + 1]; slot++) {
        const label = itemLabels[slot];
        if (labelScratch[label] === 0) touchedLabels.push(label);
        labelScratch[label] += 1;
      }
      if (seenAt[item] === user) continue;
      seenAt[item] = user;
      if (recentCounts[user] < RECENT_ITEMS_PER_USER) {
        recentItems.push(item);
        recentCounts[user]++;
      }
      if (pairCounts[user] < COOCCURRENCE_ITEMS_PER_USER) {
        pairItems.push(item);
        pairCounts[user]++;
      }
    }
    touchedLabels.sort((left, right) => labelScratch[right] - labelScratch[left] || left - right);
    if (touchedLabels.length) userFavouriteLabel[user] = touchedLabels[0];
    for (const label of touchedLabels) {
      userLabels.push(label);
      userLabelCounts.push(labelScratch[label]);
      labelScratch[label] = 0;
    }
    userLabelRowCounts[user] = touchedLabels.length;
    touchedLabels.length = 0;
    let bestBand = -1;
    for (let band = 0; band < PRICE_BANDS; band++) {
      const value = userBandCounts[user * PRICE_BANDS + band];
      if (value > 0 && (bestBand < 0 || value > userBandCounts[user * PRICE_BANDS + bestBand])) bestBand = band;
    }
    userFavouriteBand[user] = bestBand;
  }
  return {
    userEventCount,
    userRecentOffsets: offsetsFromCounts(recentCounts),
    userRecentItems: Int32Array.from(recentItems),
    pairUserOffsets: offsetsFromCounts(pairCounts),
    pairUserItems: Int32Array.from(pairItems),
    userLabelOffsets: offsetsFromCounts(userLabelRowCounts),
    userLabels: Int32Array.from(userLabels),
    userLabelCounts: Float32Array.from(userLabelCounts),
    userBandCounts,
    userFavouriteLabel,
    userFavouriteBand,
  };
}

/** item → people CSR from person → items CSR. */
function transpose(itemCount: number, userOffsets: Int32Array, userItems: Int32Array) {
  const counts = new Int32Array(itemCount);
  for (const item of userItems) counts[item]++;
  const offsets = offsetsFromCounts(counts);
  const cursor = offsets.slice(0, itemCount);
  const users = new Int32Array(userItems.length);
  for (let user = 0; user + 1 < userOffsets.length; user++) {
    for (let slot = userOffsets[user]; slot < userOffsets[user + 1]; slot++) users[cursor[userItems[slot]]++] = user;
  }
  return { offsets, users };
}

/**
 * Co-occurrence: for each item, the items most often interacted with by the same people, counted in
 * distinct people. Work is the sum over people of (their distinct items)², bounded by the per-person cap.
 */
function buildNeighbours(itemCount: number, userOffsets: Int32Array, userItems: Int32Array) {
  const byItem = transpose(itemCount, userOffsets, userItems);
  const together = new Int32Array(itemCount);
  const touched: number[] = [];
  const counts = new Int32Array(itemCount);
  const chosenItems: number[] = [];
  const chosenCounts: number[] = [];
  const topItems: number[] = [];
  const topCounts: number[] = [];
  for (let item = 0; item < itemCount; item++) {
    for (let slot = byItem.offsets[item]; slot < byItem.offsets[item + 1]; slot++) {
      const user = byItem.users[slot];
      for (let other = userOffsets[user]; other < userOffsets[user + 1]; other++) {
        const neighbour = userItems[other];
        if (neighbour === item) continue;
        if (together[neighbour] === 0) touched.push(neighbour);
        together[neighbour]++;
      }
    }
    // Keep the strongest NEIGHBOURS_PER_ITEM, ties by id, with an insertion into a short sorted list.
    topItems.length = 0;
    topCounts.length = 0;
    for (const neighbour of touched) {
      const value = together[neighbour];
      together[neighbour] = 0;
      const full = topItems.length === NEIGHBOURS_PER_ITEM;
      if (full) {
        const lastCount = topCounts[NEIGHBOURS_PER_ITEM - 1];
        if (value < lastCount || (value === lastCount && neighbour > topItems[NEIGHBOURS_PER_ITEM - 1])) continue;
      }
      let position = topItems.length;
      while (position > 0 && (topCounts[position - 1] < value || (topCounts[position - 1] === value && topItems[position - 1] > neighbour))) position--;
      topItems.splice(position, 0, neighbour);
      topCounts.splice(position, 0, value);
      if (topItems.length > NEIGHBOURS_PER_ITEM) {
        topItems.pop();
        topCounts.pop();
      }
    }
    touched.length = 0;
    counts[item] = topItems.length;
    chosenItems.push(...topItems);
    chosenCounts.push(...topCounts);
  }
  return { offsets: offsetsFromCounts(counts), items: Int32Array.from(chosenItems), counts: Int32Array.from(chosenCounts), byItem };
}

/**
 * An item's audience: the people who interacted with it (their most recent distinct items), described
 * by what events reveal about them: their favourite label and their favourite price band.
 */
function buildAudiences(itemCount: number, byItem: { offsets: Int32Array; users: Int32Array }, people: People, labelCount: number) {
  const audienceSize = new Int32Array(itemCount);
  const audienceBandCounts = new Float32Array(itemCount * PRICE_BANDS);
  const rowCounts = new Int32Array(itemCount);
  const labelsOut: number[] = [];
  const countsOut: number[] = [];
  const scratch = new Int32Array(labelCount);
  const touched: number[] = [];
  for (let item = 0; item < itemCount; item++) {
    audienceSize[item] = byItem.offsets[item + 1] - byItem.offsets[item];
    for (let slot = byItem.offsets[item]; slot < byItem.offsets[item + 1]; slot++) {
      const user = byItem.users[slot];
      const band = people.userFavouriteBand[user];
      if (band >= 0) audienceBandCounts[item * PRICE_BANDS + band] += 1;
      const label = people.userFavouriteLabel[user];
      if (label >= 0) {
        if (scratch[label] === 0) touched.push(label);
        scratch[label]++;
      }
    }
    touched.sort((left, right) => scratch[right] - scratch[left] || left - right);
    const kept = touched.slice(0, AUDIENCE_LABELS_PER_ITEM);
    for (const label of kept) {
      labelsOut.push(label);
      countsOut.push(scratch[label]);
    }
    for (const label of touched) scratch[label] = 0;
    touched.length = 0;
    rowCounts[item] = kept.length;
  }
  return {
    audienceSize,
    audienceBandCounts,
    audienceLabelOffsets: offsetsFromCounts(rowCounts),
    audienceLabels: Int32Array.from(labelsOut),
    audienceLabelCounts: Int32Array.from(countsOut),
  };
}

function buildLabelTopItems(labelCount: number, popularOrder: Int32Array, itemLabelOffsets: Int32Array, itemLabels: Int32Array) {
  const lists: number[][] = Array.from({ length: labelCount }, () => []);
  for (const item of popularOrder) {
    for (let slot = itemLabelOffsets[item]; slot < itemLabelOffsets[item + 1]; slot++) {
      const list = lists[itemLabels[slot]];
      if (list.length < LABEL_TOP_ITEMS) list.push(item);
    }
  }
  const counts = Int32Array.from(lists.map((list) => list.length));
  return { offsets: offsetsFromCounts(counts), items: Int32Array.from(lists.flat()) };
}
