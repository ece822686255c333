/**
 * What rank reads per candidate that does not depend on the request, computed once with the
 * snapshot (in the builder's worker) instead of on every call: each posting's BM25 share, tags and
 * MMR features as integer ids, and the item-only signals. Each value is computed with exactly the
 * expression rank used per request, so answers are unchanged to the last bit.
 */
import { DELIVERY_SPEED, ITEM_ROW_LENGTH, itemRowsOf, LOW_EXPOSURE, SELLER_DEBT, SUPPLY, TRUST, type ItemRowSource } from './itemRows';
import { BM25_B, BM25_K1, bm25Idf } from './text';

/** The parts of the index the serving arrays are derived from. */
export interface ServingSource extends Omit<ItemRowSource, 'itemTagOffsets'> {
  itemCount: number;
  categories: Array<string | null>;
  tagKeys: string[][];
  postingOffsets: Int32Array;
  postingItems: Int32Array;
  postingFrequencies: Float32Array;
  documentLengths: Float32Array;
  averageDocumentLength: number;
  stock: Float64Array;
  demandPerDay: Float64Array;
  deliveryDays: Float64Array;
  bayesianRating: Float64Array;
  sellerOf: Int32Array;
  sellerImpressions: Float64Array;
  sellerFairImpressions: Float64Array;
  impressions: Float64Array;
  maxImpressions: number;
  /** Days demand is counted over: an item without demand counts 1 / this a day. */
  demandWindowDays: number;
}

export interface ServingArrays {
  /** BM25 of each posting's item for its term: a query's score is the sum over its terms' postings. */
  postingScores: Float64Array;
  /** Distinct lower-cased tags as ids (tagKeys interned), per item. */
  tagCount: number;
  itemTagOffsets: Int32Array;
  itemTagIds: Int32Array;
  /** MMR's "same intent" features (tags and the category) as sorted ids, per item. */
  itemFeatureOffsets: Int32Array;
  itemFeatures: Int32Array;
  /**
   * What the signals read of each candidate (itemRows.ts), among it trustSafety, supplyDemand,
   * fairExposure, the delivery speed and the low-exposure half of cold start, 0 where absent.
   */
  itemRows: Float64Array;
}

/** Stock that covers this many days of demand counts as plenty. */
export const COMFORTABLE_COVER_DAYS = 30;

function postingScoresOf(source: ServingSource): Float64Array {
  const { postingOffsets, postingItems, postingFrequencies, documentLengths } = source;
  const k1 = BM25_K1;
  const b = BM25_B;
  const averageLength = source.averageDocumentLength || 1;
  const scores = new Float64Array(postingItems.length);
  for (let term = 0; term + 1 < postingOffsets.length; term++) {
    const start = postingOffsets[term];
    const end = postingOffsets[term + 1];
    const idf = bm25Idf(source.itemCount, end - start);
    for (let slot = start; slot < end; slot++) {
      const frequency = postingFrequencies[slot];
      const norm = k1 * (1 - b + (b * documentLengths[postingItems[slot]]) / averageLength);
      scores[slot] = (idf * frequency * (k1 + 1)) / (frequency + norm);
    }
  }
  return scores;
}

/** Tags as ids, and features (tag ids, then categories numbered after every tag id) sorted, per item. */
function featureIdsOf(source: ServingSource) {
  const tagIds = new Map<string, number>();
  const categoryIds = new Map<string, number>();
  const categoryOf = new Int32Array(source.itemCount).fill(-1);
  const itemTagOffsets = new Int32Array(source.itemCount + 1);
  const tags: number[] = [];
  for (let item = 0; item < source.itemCount; item++) {
    for (const tag of source.tagKeys[item]) {
      let id = tagIds.get(tag);
      if (id === undefined) {
        id = tagIds.size;
        tagIds.set(tag, id);
      }
      tags.push(id);
    }
    itemTagOffsets[item + 1] = tags.length;
    const category = source.categories[item];
    // As MMR compared them: any non-empty category counts, keyed trimmed and lower-cased.
    if (category) {
      const key = category.trim().toLowerCase();
      const id = categoryIds.get(key) ?? categoryIds.size;
      categoryIds.set(key, id);
      categoryOf[item] = id;
    }
  }
  const itemTagIds = Int32Array.from(tags);
  const tagCount = tagIds.size;
  const itemFeatureOffsets = new Int32Array(source.itemCount + 1);
  const features: number[] = [];
  for (let item = 0; item < source.itemCount; item++) {
    const own = Array.from(itemTagIds.subarray(itemTagOffsets[item], itemTagOffsets[item + 1]));
    if (categoryOf[item] >= 0) own.push(tagCount + categoryOf[item]);
    own.sort((left, right) => left - right);
    features.push(...own);
    itemFeatureOffsets[item + 1] = features.length;
  }
  return { tagCount, itemTagOffsets, itemTagIds, itemFeatureOffsets, itemFeatures: Int32Array.from(features) };
}

/** The item-only signal values, written into the items' rows. */
function writeItemSignals(source: ServingSource, rows: Float64Array): void {
  for (let item = 0; item < source.itemCount; item++) {
    const row = item * ITEM_ROW_LENGTH;
    const rating = source.bayesianRating[item];
    rows[row + TRUST] = Number.isNaN(rating) ? 0 : Math.min(1, Math.max(0, (rating - 1) / 4));
    const stock = source.stock[item];
    const coverDays = stock / Math.max(source.demandPerDay[item], 1 / source.demandWindowDays);
    rows[row + SUPPLY] = stock > 0 ? Math.min(1, coverDays / COMFORTABLE_COVER_DAYS) : 0;
    const seller = source.sellerOf[item];
    rows[row + SELLER_DEBT] = seller < 0 || source.sellerFairImpressions[seller] <= 0 ? 0 : Math.max(0, 1 - source.sellerImpressions[seller] / source.sellerFairImpressions[seller]);
    const days = source.deliveryDays[item];
    rows[row + DELIVERY_SPEED] = Number.isNaN(days) ? 0 : 1 / Math.max(1, days);
    rows[row + LOW_EXPOSURE] = source.maxImpressions > 0 ? 1 - Math.log1p(source.impressions[item]) / Math.log1p(source.maxImpressions) : 0;
  }
}

export function servingArraysOf(source: ServingSource): ServingArrays {
  const features = featureIdsOf(source);
  const itemRows = itemRowsOf({ ...source, itemTagOffsets: features.itemTagOffsets });
  writeItemSignals(source, itemRows);
  return { postingScores: postingScoresOf(source), ...features, itemRows };
}
