/**
 * buildIndex: turns a company's items, events and impression counts into the plain-data index that
 * rank, baseline and readiness read. Items are sorted by id, so an item's position is its tie-break
 * order; every per-item or per-user figure lives in a typed array at that position, and ids are
 * interned once (items, users, sellers, labels, terms). Each part is computed in the file named for
 * it; this file runs them in order and assembles the index.
 */
import { buildAudiences } from './audiences';
import { candidateListsOf } from './candidateLists';
import { catalogueArraysOf, dedupeItems } from './catalogueArrays';
import { DEMAND_WINDOW_DAYS } from './constants';
import { coverageOf, type DataCoverage } from './coverage';
import { internEvents } from './events';
import { tallyInteractions, trendsOf } from './interactions';
import { buildNeighbours } from './neighbours';
import { buildPeople } from './people';
import { priceBandsOf } from './priceBands';
import { buildRatings } from './ratings';
import { exposureOf } from './sellers';
import { servingArraysOf, type ServingArrays } from './serving';
import { buildTextIndex } from './textIndex';
import type { PredictionIndex, SnapshotInput } from './types';

export * from './constants';
export type { DataCoverage };

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
  /** Cosine similarity of each kept neighbour (neighbours.ts): what viewing patterns sum. */
  readonly neighbourWeights: Float64Array;
  // People.
  readonly userById: Map<string, number>;
  readonly userEventCount: Int32Array;
  /** Every item each person interacted with, in item order, and the event types they had with it (bits of 1 << type code). */
  readonly userSeenOffsets: Int32Array;
  readonly userSeenItems: Int32Array;
  readonly userSeenTypes: Uint8Array;
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

export function asEngineIndex(index: PredictionIndex): EngineIndex {
  if ((index as Partial<EngineIndex>).format !== 'navout-engine/1') throw new Error('Not an index built by this engine');
  return index as EngineIndex;
}

export function buildIndex(input: SnapshotInput): EngineIndex {
  const now = input.now;
  const items = dedupeItems(input.items);
  const itemCount = items.length;
  const catalogue = catalogueArraysOf(items);
  const { itemLabelOffsets, itemLabels } = catalogue;
  const labelCount = catalogue.labels.length;
  const bands = priceBandsOf(catalogue.price);
  const text = buildTextIndex(items);
  const events = internEvents(input.events, catalogue.itemById);
  const tallies = tallyInteractions(itemCount, events, now);
  const trends = trendsOf(itemCount, tallies);
  const ratings = buildRatings(items, tallies.ratingSum, tallies.ratingEvents);
  const { evItem, evUser, evAt, evType, eventCount, userCount } = events;
  const people = buildPeople({ itemCount, userCount, eventCount, evItem, evUser, evAt, evType, itemLabelOffsets, itemLabels, labelCount, priceBand: bands.priceBand });
  // The pairing lists only feed co-occurrence: they stay out of the index the workers hand around.
  const { pairUserOffsets, pairUserItems, ...perPerson } = people;
  const neighbours = buildNeighbours(itemCount, pairUserOffsets, pairUserItems);
  const audience = buildAudiences(itemCount, neighbours.byItem, people, labelCount);
  const exposure = exposureOf({ items, impressionsById: input.impressions, sellerOf: catalogue.sellerOf, sellerCount: catalogue.sellerIds.length, createdAt: catalogue.createdAt, firstEventAt: tallies.firstEventAt });
  const candidates = candidateListsOf({ itemCount, now, popularity: tallies.popularity, trendScore: trends.trendScore, createdAt: catalogue.createdAt, labelCount, itemLabelOffsets, itemLabels });

  const index: BuiltIndex = {
    format: 'navout-engine/1',
    itemCount,
    eventCount,
    builtAt: now,
    ...catalogue,
    ...bands,
    ...exposure,
    ...ratings,
    ...text,
    popularity: tallies.popularity,
    last24h: tallies.last24h,
    ...trends,
    ...candidates,
    neighbourOffsets: neighbours.offsets,
    neighbourItems: neighbours.items,
    neighbourCounts: neighbours.counts,
    neighbourWeights: neighbours.weights,
    userById: events.userById,
    ...perPerson,
    ...audience,
    coverage: coverageOf({
      items,
      userCount,
      sellerOf: catalogue.sellerOf,
      deliveryDays: catalogue.deliveryDays,
      ratingMean: ratings.ratingMean,
      priceBand: bands.priceBand,
      stock: catalogue.stock,
      audienceSize: audience.audienceSize,
      itemLabelOffsets,
      lastWeek: tallies.lastWeek,
      neighbourOffsets: neighbours.offsets,
      impressions: exposure.impressions,
    }),
  };
  // Precomputed here, in the builder's worker, so the request path only sums and compares.
  return { ...index, ...servingArraysOf({ ...index, demandWindowDays: DEMAND_WINDOW_DAYS }) };
}
