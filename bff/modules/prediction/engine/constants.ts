/** The index's time windows and list sizes, shared by the builder and rank. */
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
