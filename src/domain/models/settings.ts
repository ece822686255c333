/**
 * The two models' settings (data document, section 3 "Model settings"): the twelve Discovery
 * levers that weight the ranking's signals and the eight RECsplanation levers that shape only the
 * wording of explanations. Every value is a percentage from 0 to 100. A company's settings are
 * saved as numbered versions; predictions name the version that ranked them.
 */
import * as yup from 'yup';
import { EVENT_TYPES, type EventType } from '../prediction/contract';

export const DISCOVERY_LEVERS = [
  'contentDiscovery',
  'coldStartSellers',
  'fairExposure',
  'deliveryAware',
  'trustSafety',
  'priceElasticity',
  'supplyDemand',
  'twoSidedMatchmaking',
  'intentDiversification',
  'viewingPatterns',
  'genreBased',
  'trendingContent',
] as const;
export type DiscoveryLever = (typeof DISCOVERY_LEVERS)[number];

export const EXPLANATION_LEVERS = [
  'toneConsistency',
  'brandPersonality',
  'messagingAlignment',
  'audienceAdaptation',
  'contentCalibration',
  'voiceEvolution',
  'crossChannelHarmony',
  'brandGuidelines',
] as const;
export type ExplanationLever = (typeof EXPLANATION_LEVERS)[number];

/**
 * Collaborative similarity (viewing patterns) leads: it is what predicts a person's next item best
 * (bench/movielens.mjs measures the defaults against most-popular and item-kNN).
 */
export const DEFAULT_DISCOVERY_SETTINGS: Readonly<Record<DiscoveryLever, number>> = {
  contentDiscovery: 60,
  coldStartSellers: 75,
  fairExposure: 60,
  deliveryAware: 80,
  trustSafety: 90,
  priceElasticity: 65,
  supplyDemand: 70,
  twoSidedMatchmaking: 85,
  intentDiversification: 20,
  viewingPatterns: 100,
  genreBased: 70,
  trendingContent: 85,
};

export const DEFAULT_EXPLANATION_SETTINGS: Readonly<Record<ExplanationLever, number>> = {
  toneConsistency: 85,
  brandPersonality: 80,
  messagingAlignment: 90,
  audienceAdaptation: 75,
  contentCalibration: 70,
  voiceEvolution: 65,
  crossChannelHarmony: 80,
  brandGuidelines: 95,
};

export interface LeverInfo {
  label: string;
  /** What the lever does to the ranking or to the wording, in a sentence. */
  description: string;
}

export const DISCOVERY_LEVER_INFO: Record<DiscoveryLever, LeverInfo> = {
  contentDiscovery: { label: 'Content Discovery', description: 'Weight of text and tag similarity between the query and an item.' },
  coldStartSellers: { label: 'Cold-Start Sellers', description: 'Boost for new sellers and items that have hardly been shown yet.' },
  fairExposure: { label: 'Fair Exposure', description: 'Caps items per seller and repays sellers shown less than their share.' },
  deliveryAware: { label: 'Delivery Aware', description: 'Prefers items delivered quickly to the caller’s region.' },
  trustSafety: { label: 'Trust & Safety', description: 'Weight of well-rated items (Bayesian average); flagged items are never shown.' },
  priceElasticity: { label: 'Price Elasticity', description: 'Prefers items in the price band the person usually buys in.' },
  supplyDemand: { label: 'Supply & Demand', description: 'Prefers items with stock to spare for their demand; out of stock is never shown.' },
  twoSidedMatchmaking: { label: 'Two-Sided Matchmaking', description: 'Matches the request’s metadata against the audience an item has had.' },
  intentDiversification: { label: 'Intent Diversification', description: 'Re-ranks for variety (maximal marginal relevance).' },
  viewingPatterns: { label: 'Viewing Patterns', description: 'Items people viewed together with what this person viewed recently.' },
  genreBased: { label: 'Genre Based', description: 'Items in the genres and categories this person engages with.' },
  trendingContent: { label: 'Trending Content', description: 'Items whose interactions are rising fastest right now.' },
};

export const EXPLANATION_LEVER_INFO: Record<ExplanationLever, LeverInfo> = {
  toneConsistency: { label: 'Tone Consistency', description: 'Keeps every explanation in the same sentence pattern.' },
  brandPersonality: { label: 'Brand Personality', description: 'How warm and lively the wording is.' },
  messagingAlignment: { label: 'Messaging Alignment', description: 'Applies the required and banned phrases of your brand.' },
  audienceAdaptation: { label: 'Audience Adaptation', description: 'Speaks to the person (“you viewed”) rather than about the item.' },
  contentCalibration: { label: 'Content Calibration', description: 'How many reasons an explanation gives.' },
  voiceEvolution: { label: 'Voice Evolution', description: 'Hedges (“may suit you”) when an item only just made the list.' },
  crossChannelHarmony: { label: 'Cross-Channel Harmony', description: 'Fits the length to the channel named in the request’s metadata.' },
  brandGuidelines: { label: 'Brand Guidelines', description: 'How strictly the phrase lists are enforced.' },
};

export const MAX_PHRASES = 50;
export const MAX_PHRASE_LENGTH = 100;
export const HOLDOUT_MAX_PERCENT = 50;

/** What a company saves: both models' levers, the holdout share and its phrase lists. */
export interface ModelSettings {
  discovery: Record<DiscoveryLever, number>;
  explanation: Record<ExplanationLever, number>;
  /** Users (by a stable hash of user_id) who get the popularity baseline instead, 0-50 %. */
  holdoutPercent: number;
  /** Phrases an explanation must never contain. */
  bannedPhrases: string[];
  /** Phrases an explanation should carry (one is appended when none is present). */
  requiredPhrases: string[];
  /**
   * The event types that consume an item: once a person has one of these with an item, it is
   * never recommended to them again (ranked or filled in) unless a request asks include_seen.
   * A view does not consume; a purchase does.
   */
  consumedEventTypes: EventType[];
}

/** What consumes an item unless a company says otherwise: buying it. */
export const DEFAULT_CONSUMED_EVENT_TYPES: readonly EventType[] = ['purchase'];

export const DEFAULT_MODEL_SETTINGS: ModelSettings = {
  discovery: { ...DEFAULT_DISCOVERY_SETTINGS },
  explanation: { ...DEFAULT_EXPLANATION_SETTINGS },
  holdoutPercent: 0,
  bannedPhrases: [],
  requiredPhrases: [],
  consumedEventTypes: [...DEFAULT_CONSUMED_EVENT_TYPES],
};

export interface ModelSettingsVersion {
  version: number;
  settings: ModelSettings;
  createdAt: string;
  createdByName: string | null;
}

/** How much of the company's data a Discovery lever can use (the data readiness note). */
export interface LeverReadiness {
  lever: DiscoveryLever;
  /** Share of the relevant records (items, events or users) that carry what the lever needs, 0-100. */
  percent: number;
  /** Shown under the lever's label, e.g. "0 % of items have delivery_days, so this slider has no effect". */
  note: string;
  /** True when percent is 0: moving the slider changes nothing. */
  noEffect: boolean;
}

export interface ModelSettingsView {
  current: ModelSettingsVersion;
  defaults: ModelSettings;
  readiness: LeverReadiness[];
}

/** Offline scores of one set of settings on the held-out last interaction of each user. */
export interface EvaluationScores {
  hitRateAt10: number;
  ndcgAt10: number;
  /** Distinct items served to the people scored, as a share of the catalogue (0-1). */
  coverage: number;
}

export interface SettingsEvaluation {
  current: EvaluationScores;
  candidate: EvaluationScores;
  /** Users with a held-out interaction that were scored. */
  users: number;
  /** The N days of events the evaluation read, ending at the newest event (whatever its date). */
  days: number;
  /** The textbook answers on the same held-out interactions: most popular (not yet had) and item-kNN. */
  baselines: { mostPopular: EvaluationScores; itemKnn: EvaluationScores };
}

const percent = yup.number().typeError('Must be a number').integer('Must be a whole number').min(0, 'Must be 0 to 100').max(100, 'Must be 0 to 100').required();

function leversSchema<Lever extends string>(levers: readonly Lever[]) {
  const shape = Object.fromEntries(levers.map((lever) => [lever, percent])) as Record<Lever, typeof percent>;
  return yup.object(shape).noUnknown('Unknown setting').required();
}

const phrases = yup
  .array(yup.string().trim().min(1, 'A phrase cannot be blank').max(MAX_PHRASE_LENGTH, `At most ${MAX_PHRASE_LENGTH} characters`).required())
  .max(MAX_PHRASES, `At most ${MAX_PHRASES} phrases`)
  .default([]);

export const modelSettingsSchema = yup
  .object({
    discovery: leversSchema(DISCOVERY_LEVERS),
    explanation: leversSchema(EXPLANATION_LEVERS),
    holdoutPercent: yup.number().typeError('Must be a number').integer('Must be a whole number').min(0).max(HOLDOUT_MAX_PERCENT, `At most ${HOLDOUT_MAX_PERCENT} %`).required(),
    bannedPhrases: phrases,
    requiredPhrases: phrases,
    consumedEventTypes: yup
      .array(yup.string().oneOf([...EVENT_TYPES], `Must be one of ${EVENT_TYPES.join(', ')}`).required())
      .test('distinct', 'Each event type once', (types) => !types || new Set(types).size === types.length)
      .default(() => [...DEFAULT_CONSUMED_EVENT_TYPES]),
  })
  .noUnknown('Unknown setting');
