/**
 * The recommendation engine: pure functions over plain data (no database, clock or Math.random).
 *
 * buildIndex(input) sorts items by id (so an item's position is its tie-break) and precomputes, in
 * typed arrays: BM25 postings over title (×2), tags (×2) and description (lower-case words, English
 * stop words removed, plural endings folded); per item the 20 items most often interacted with by the
 * same people (counted in distinct people, over each person's 50 most recent distinct items);
 * popularity (interactions); trending (last 24 h against the daily average of the 6 days before,
 * with a 12 h half-life); demand per day over 7 days; a Bayesian-averaged rating (10 reviews at the
 * catalogue mean); catalogue price quintiles; per person recent items, genre/category counts and
 * price band counts; per item its audience (people who interacted) by their favourite label and
 * price band; per seller first seen and impressions against a fair share by item count.
 *
 * rank(index, request, discovery): candidates are the best 300 text matches, neighbours of the
 * person's 10 most recent items (snapshot plus request.recentEvents), the 200 most trending, the
 * 200 newest (under 30 days), popular items of the person's 3 strongest genres, and the 200 most
 * popular. Hard filters come first: flagged, unavailable or out-of-stock items never pass, nor items
 * failing a request filter (equals, in-list, gte/lte/gt/lt; a missing field fails). Each signal's raw
 * value is divided by its largest value among the candidates (0..1; 0 when nobody has it), and
 *
 *   score = Σ (lever % / 100) × normalised signal   (+ 0.5 × custom-attribute match)
 *
 * contentDiscovery     BM25 / best BM25, + 0.5 × tag Jaccard with the person's recent items
 * viewingPatterns      Σ co-occurrence counts with the person’s recent items (those items themselves excluded)
 * trendingContent      decayed 24 h interactions above the steady rate of the previous 6 days
 * genreBased           share of the person's interactions in the item's strongest genre or category
 * fairExposure         the seller's impression shortfall against its fair share; also caps items per
 *                      seller at ceil(topK × (1 − lever)) in the answer
 * coldStartSellers     ½ seller newness (linear over 30 days) + ½ low exposure (1 − log impressions / log max)
 * trustSafety          (Bayesian rating − 1) / 4 for rated items (unrated items get nothing)
 * supplyDemand         stock cover in days (stock / daily demand), capped at 30 days
 * priceElasticity      share of the person's interactions in the item's price quintile
 * deliveryAware        1 / delivery days, averaged with "delivers to metadata.region" when a region is sent
 * twoSidedMatchmaking  share of the item's audience whose favourite category (and price band) equals the
 *                      requester's, shrunk by audience / (audience + 3). Events reveal nothing else about
 *                      people, so this is what "the request against the item's audience" compares.
 * intentDiversification MMR over the best max(50, 4 × topK): λ·score/best − (1 − λ)·max Jaccard (category,
 *                      tags) to the picks so far, λ = 1 − 0.7 × lever
 *
 * Items with no positive contribution are not ranked; the answer is filled to topK from the most popular
 * items passing the same filters (source 'popular', scored popularity share × min(0.1, lowest ranked
 * score)). Ties are broken by item id. Each contribution carries its evidence; explain words them.
 */
import { buildIndex } from './build';
import { evaluate } from './evaluate';
import { explain } from './explain';
import { baseline, rank } from './rank';
import { readiness } from './readiness';
import type { Engine } from './types';

/** The engine as one object, checked against the fixed interface. */
export const engine: Engine = { buildIndex, rank, baseline, explain, readiness, evaluate };

export { buildIndex, evaluate, explain, baseline, rank, readiness };
export type { DataCoverage, EngineIndex } from './build';
export { sellerCap } from './rank';
export { reasonEvidence } from './explain';
export { attributeMatch, matchesFilter } from './filters';
export { stableHash } from './hash';
export { tokenize } from './text';
export type * from './types';
