/** What one rank call works with besides the index: the signals it scores, the person's profile, the text matches and the reused buffers. */
import type { Signal } from './types';

/** The signals scored per candidate: every Discovery lever except intentDiversification (a re-ranking), plus custom attributes. */
export const SCORED_SIGNALS = [
  'contentDiscovery',
  'viewingPatterns',
  'trendingContent',
  'genreBased',
  'fairExposure',
  'coldStartSellers',
  'trustSafety',
  'supplyDemand',
  'priceElasticity',
  'deliveryAware',
  'twoSidedMatchmaking',
  'customAttributes',
] as const satisfies readonly Signal[];
export type ScoredSignal = (typeof SCORED_SIGNALS)[number];

/** What the request tells about the person: anchors and interests from the snapshot plus their newer events. */
export interface Profile {
  /** Most recent distinct items, newest first. */
  anchors: number[];
  labelCounts: Map<number, number>;
  interactions: number;
  bandCounts: Float64Array;
  bandTotal: number;
  favouriteLabel: number;
  favouriteBand: number;
}

export interface TextMatches {
  /** The best TEXT_CANDIDATES items by BM25 (their scores are in the scratch's textScore). */
  best: Int32Array;
  /** The best BM25 among them. */
  maxScore: number;
  /** The query's words (at most 31), and for each of the best the ones it contains, as bits in that order. */
  words: string[];
  matched: Uint32Array;
}

/** The query words an item among the best matches contains, in query order (none for any other item). */
export function wordsMatched(text: TextMatches, item: number): string[] {
  const position = text.best.indexOf(item);
  return position < 0 ? [] : text.words.filter((_, word) => text.matched[position] & (1 << word));
}

/** Text matches kept between requests (never changed once made), with the best items' BM25 in their order. */
export interface CachedTextMatches extends TextMatches {
  scores: Float64Array;
}

/** Queries whose matches each index keeps (about 5 KB each at 300 matches): searches repeat, popular ones most. */
export const TEXT_CACHE_SIZE = 512;

/**
 * Buffers one request uses, made once per index and reused: allocating and zeroing arrays the
 * size of the catalogue on every request cost more than the scoring itself. Safe because a rank
 * runs to completion synchronously; rank clears what it set before it returns (or throws).
 */
export interface Scratch {
  /** BM25 being summed, the query terms each item matched, and the items touched. */
  score: Float64Array;
  matchedTerms: Uint32Array;
  touched: Int32Array;
  /** The best text matches' BM25 by item; 0 for every other item. */
  textScore: Float64Array;
  /** 1 for the tags of the person's anchors. */
  anchorTag: Uint8Array;
  /** The person's interactions per label. */
  labelCount: Float64Array;
  /** Similarity with the person's anchors by item: the recency-weighted sum, and the anchor that gave the most (its count and weight; 0 when none). */
  viewedTotal: Float64Array;
  viewedBest: Int32Array;
  viewedBestCount: Float64Array;
  viewedBestWeight: Float64Array;
  /** 1 for the items this request must not serve: what the person already has, and the request's exclusions. */
  excluded: Uint8Array;
  /** Candidates: 1 taken, 2 failing the filters, 0 not seen yet. */
  verdict: Uint8Array;
  /** Per-candidate numbers of the scored signals and their sum, grown to the most candidates seen (rank's columnOf). */
  columns: Float64Array[];
  /** The latest queries' matches by their terms and words, least recently used first. */
  textCache: Map<string, CachedTextMatches>;
}
