/**
 * The recommendation engine's inputs and outputs. The engine is pure: it never touches the
 * database, the clock or Math.random. The BFF reads a company's records into a SnapshotInput,
 * builds a PredictionIndex in a worker thread (so the index is plain, structured-clone-able data:
 * objects, arrays, typed arrays and Maps, never class instances), and ranks against it.
 */
import type { DiscoveryLever, EvaluationScores, LeverReadiness, ModelSettings } from '@domain/models/settings';
import type { CustomAttributeType, EventType, FilterValue, PredictItemSource, PredictReason } from '@domain/prediction/contract';

/** A catalogue item as the engine reads it; `fields` keeps every field as stored for filters and boosts. */
export interface CatalogueItem {
  id: string;
  title: string;
  description: string;
  category: string | null;
  tags: string[];
  genres: string[];
  price: number | null;
  /** Milliseconds since the epoch; null when unknown. */
  createdAt: number | null;
  available: boolean;
  stock: number | null;
  sellerId: string | null;
  rating: number | null;
  ratingCount: number;
  flagged: boolean;
  deliveryDays: number | null;
  regions: string[];
  fields: Record<string, unknown>;
}

export interface Interaction {
  userId: string;
  itemId: string;
  type: EventType;
  value: number | null;
  /** Milliseconds since the epoch. */
  at: number;
}

/** Everything a snapshot is built from. */
export interface SnapshotInput {
  items: CatalogueItem[];
  events: Interaction[];
  /** Times each item id was served by the API recently (from the call log): fair exposure's debt. */
  impressions: Record<string, number>;
  /** The build's clock (ms): decay, "new" and trending windows are measured from it. */
  now: number;
}

/** Opaque to callers: built by buildIndex, read by rank, baseline, readiness. */
export interface PredictionIndex {
  readonly itemCount: number;
  readonly eventCount: number;
  readonly builtAt: number;
  [part: string]: unknown;
}

export interface RankRequest {
  query: string;
  topK: number;
  filters: Record<string, FilterValue>;
  userId: string | null;
  /** metadata of the request: channel, region and anything matchmaking compares with audiences. */
  metadata: Record<string, unknown>;
  /** Already validated against the company's custom attributes. */
  customAttributes: Record<string, unknown>;
  customAttributeTypes: Record<string, CustomAttributeType>;
  /** This user's events newer than the snapshot (freshness between builds). */
  recentEvents: Interaction[];
  /**
   * The event types that consume an item: an item the person had one of these with (in the
   * snapshot or recentEvents) is never served to them, ranked or filled in. Empty or absent: none.
   */
  consumedTypes?: readonly EventType[];
  /** Item ids never to serve in this answer. */
  excludeItems?: readonly string[];
  now: number;
}

/** 'customAttributes' is the boost of request attributes matching item fields. */
export type Signal = DiscoveryLever | 'customAttributes' | 'popularity';

/** One signal's exact share of an item's score, and the evidence behind it. */
export interface Contribution {
  signal: Signal;
  /** weight × normalised value: the score is the sum of these. */
  value: number;
  /** Plain facts for the explanation, e.g. { viewers: 37, anchorTitle: 'Trail Runner' }. */
  evidence: Record<string, string | number>;
}

export interface RankedItem {
  id: string;
  title: string;
  /** The score the answer is ordered by (never higher than the item's above): the sum of the contributions. */
  score: number;
  /**
   * The sum of the positive contributions: how well the item fits before diversification. Equal
   * to score unless intentDiversification lowered the item for resembling one above it (then its
   * last contribution is that negative intentDiversification share).
   */
  relevance: number;
  /** Every positive contribution, largest first (ties by signal name), then the diversification penalty if any. */
  contributions: Contribution[];
  source: PredictItemSource;
  category: string | null;
  price: number | null;
  tags: string[];
}

export interface Explanation {
  explanation: string;
  reasons: PredictReason[];
}

export interface ExplainContext {
  settings: Pick<ModelSettings, 'explanation' | 'bannedPhrases' | 'requiredPhrases'>;
  /** metadata.channel of the request, if any. */
  channel: string | null;
  /** Score gap to the next item (small margins hedge). */
  margin: number;
  /** Whether the request named a user (the wording may speak to them). */
  personal: boolean;
}

/** The functions the engine exports (engine/index.ts). */
export interface Engine {
  buildIndex(input: SnapshotInput): PredictionIndex;
  /** Ranked items, at most topK; fewer than topK matches are filled from popular items (source 'popular'). */
  rank(index: PredictionIndex, request: RankRequest, discovery: Record<DiscoveryLever, number>): RankedItem[];
  /** The holdout's answer: popularity only, same filters (source 'baseline'). */
  baseline(index: PredictionIndex, request: RankRequest): RankedItem[];
  explain(item: RankedItem, context: ExplainContext): Explanation;
  readiness(index: PredictionIndex): LeverReadiness[];
  /** Hit rate and NDCG at 10 of each settings on the held-out last interaction per user. */
  evaluate(
    input: SnapshotInput,
    candidates: Array<Record<DiscoveryLever, number>>,
    options?: { maxUsers?: number; consumedTypes?: readonly EventType[] },
  ): { scores: EvaluationScores[]; users: number; baselines: { mostPopular: EvaluationScores; itemKnn: EvaluationScores } };
}
