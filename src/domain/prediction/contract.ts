/**
 * The prediction API's contract (data document, sections 3, 5, 7 and 9): what integrators send to
 * /api/v1/predict, /api/v1/events and /api/v1/items, what they get back, and what the dashboard's
 * Outbound API screen reads about keys, custom attributes, usage and recent calls.
 */
import type { ApiKeyScope } from '../apiKeys';

export const TOP_K_MIN = 1;
export const TOP_K_MAX = 50;
export const TOP_K_DEFAULT = 5;
/** Events in one POST /api/v1/events. */
export const EVENTS_BATCH_MAX = 1000;
/** Items in one PUT /api/v1/items. */
export const ITEMS_BATCH_MAX = 1000;
export const QUERY_MAX_LENGTH = 500;

/** The outbound API client of the Live Test tab (section 7 and 9). */
export const OUTBOUND_CLIENT = { baseUrl: '/api', endpoint: '/v1/predict', method: 'POST', timeoutMs: 30_000, retries: 3 } as const;

export const EVENT_TYPES = ['view', 'click', 'add_to_cart', 'purchase', 'conversion', 'rating'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const CUSTOM_ATTRIBUTE_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type CustomAttributeType = (typeof CUSTOM_ATTRIBUTE_TYPES)[number];

/** A hard filter on an item field: equals, one of, or a range. */
export type FilterValue = string | number | boolean | Array<string | number | boolean> | { gte?: number; lte?: number; gt?: number; lt?: number };

export interface PredictRequest {
  query?: string;
  top_k?: number;
  filters?: Record<string, FilterValue>;
  /** user_id picks the person; channel ('email', 'push', 'web', 'sms') fits the wording's length; the rest feeds matchmaking. */
  metadata?: Record<string, unknown>;
  custom_attributes?: Record<string, unknown>;
  /** Also serve items the person already has (an event of a type the model settings count as consuming). Default false. */
  include_seen?: boolean;
  /** Item ids never to serve in this answer, e.g. what is already on the page. */
  exclude_items?: string[];
}

/** Why an item was ranked: one signal's exact share of its score, with the evidence behind it. */
export interface PredictReason {
  signal: string;
  /** The signal's contribution to the score (weight × normalised value). */
  contribution: number;
  /** The evidence in words, e.g. "Viewed by 37 people who also viewed Trail Runner". */
  evidence: string;
}

/** ranked: by the model; popular: filled in from popular items because too few matched; baseline: the holdout's popularity baseline. */
export type PredictItemSource = 'ranked' | 'popular' | 'baseline';

export interface PredictItem {
  id: string;
  title: string;
  /** What the list is ordered by (never higher than the item above): the sum of the reasons' contributions. */
  score: number;
  /** How well the item fits before diversification: present only when Intent Diversification lowered it (score = relevance + its negative reason). */
  relevance?: number;
  explanation: string;
  reasons: PredictReason[];
  source: PredictItemSource;
  metadata: { category: string | null; price: number | null; tags: string[] };
}

export interface PredictResponse {
  /** "discovery@settings{v}/snapshot{n}", or "baseline@popularity/snapshot{n}" for the holdout. */
  model: string;
  latency_ms: number;
  items: PredictItem[];
  query: string;
  top_k: number;
  total_results: number;
  /** True when this user is in the holdout and got the popularity baseline. */
  holdout: boolean;
  custom_attributes_received: Record<string, unknown>;
  request_id: string;
}

export interface EventInput {
  event_id: string;
  user_id: string;
  item_id: string;
  type: EventType;
  /** A rating (1-5) for rating events, an amount for purchases and conversions. */
  value?: number | null;
  /** ISO 8601; the time of receipt when absent. */
  timestamp?: string;
}

export interface EventsResult {
  received: number;
  /** New events stored. */
  stored: number;
  /** Events whose event_id was already stored (ignored: ingestion is idempotent). */
  duplicates: number;
}

/** A catalogue item as integrators upsert it; other fields are kept and can be filtered on. */
export interface ItemInput {
  id: string;
  title: string;
  description?: string;
  category?: string;
  tags?: string[];
  genres?: string[];
  price?: number;
  available?: boolean;
  stock?: number;
  seller_id?: string;
  rating?: number;
  rating_count?: number;
  flagged?: boolean;
  delivery_days?: number;
  regions?: string[];
  created_at?: string;
  [field: string]: unknown;
}

export interface ItemsResult {
  received: number;
  created: number;
  updated: number;
}

// ---- Dashboard: API keys ----

export interface ApiKeySummary {
  id: string;
  name: string;
  description: string | null;
  /** The first 8 characters, so people can tell keys apart. */
  prefix: string;
  permissions: ApiKeyScope[];
  isActive: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to creating a key: the only time the token itself is sent. */
export interface CreatedApiKey {
  key: ApiKeySummary;
  token: string;
}

/** A short-lived read key for the signed-in user's Live Test (not listed with the company's keys). */
export interface TestKey {
  token: string;
  expiresAt: string;
}

export interface CustomAttribute {
  id: string;
  name: string;
  type: CustomAttributeType;
  createdAt: string;
  updatedAt: string;
}

// ---- Dashboard: usage and calls ----

export type UsageRange = '24h' | '30d';

export interface UsageSummary {
  range: UsageRange;
  calls: number;
  errors: number;
  zeroResults: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  /** Calls per hour (24h) or per day (30d), oldest first, for the chart. */
  series: Array<{ at: string; calls: number; errors: number }>;
}

export interface CallItemRecord {
  id: string;
  score: number;
  /** The signal with the largest contribution. */
  topSignal: string | null;
}

export interface PredictionCallRecord {
  id: string;
  apiKeyId: string | null;
  apiKeyName: string | null;
  endpoint: 'predict' | 'events' | 'items';
  status: number;
  errorCode: string | null;
  latencyMs: number;
  itemsServed: number;
  zeroResults: boolean;
  holdout: boolean;
  settingsVersion: number | null;
  snapshotVersion: number | null;
  /** The predict request as sent (for replay); null for other endpoints. */
  request: PredictRequest | null;
  items: CallItemRecord[];
  createdAt: string;
}

/** One item of a replay compared with the call it replays. */
export interface ComparedItem {
  id: string;
  title: string;
  /** 1-based ranks; null when absent on that side. */
  before: number | null;
  after: number | null;
  /** The signal whose contribution changed most between the two, and by how much. */
  movedBy: { signal: string; delta: number } | null;
}

export interface CallComparison {
  call: PredictionCallRecord;
  replay: PredictResponse;
  items: ComparedItem[];
}

/**
 * The Documentation tab's predict example made from the company's own catalogue (GET
 * /api/api-keys/example): the request and the answer the API gives it; both null while the
 * catalogue has nothing that answers.
 */
export type PredictExample = { request: PredictRequest; response: PredictResponse } | { request: null; response: null };

/** The plan's monthly allowance of prediction calls (Plans page: "this month: N of M calls"). */
export interface PlanUsage {
  planId: string;
  month: string;
  calls: number;
  /** null: unlimited. */
  allowance: number | null;
  overage: number;
}
