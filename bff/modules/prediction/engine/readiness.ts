/**
 * readiness: for each Discovery lever, how much of the company's data carries what the lever reads,
 * e.g. "0 % of items have delivery_days, so this slider has no effect".
 */
import { DISCOVERY_LEVERS, type DiscoveryLever, type LeverReadiness } from '@domain/models/settings';
import { asEngineIndex, type DataCoverage } from './build';
import type { PredictionIndex } from './types';

/** What each lever needs, as counted at build time and named in the note. */
const NEEDS: Record<DiscoveryLever, { count: (coverage: DataCoverage) => number; what: string }> = {
  contentDiscovery: { count: (coverage) => coverage.withText, what: 'a description or tags' },
  coldStartSellers: { count: (coverage) => coverage.withSeller, what: 'seller_id' },
  fairExposure: { count: (coverage) => coverage.withSeller, what: 'seller_id' },
  deliveryAware: { count: (coverage) => coverage.withDeliveryDays, what: 'delivery_days' },
  trustSafety: { count: (coverage) => coverage.withRating, what: 'a rating' },
  priceElasticity: { count: (coverage) => coverage.withPrice, what: 'price' },
  supplyDemand: { count: (coverage) => coverage.withStock, what: 'stock' },
  twoSidedMatchmaking: { count: (coverage) => coverage.withAudience, what: 'an audience of people who interacted with them' },
  intentDiversification: { count: (coverage) => coverage.withCategoryOrTags, what: 'a category or tags' },
  viewingPatterns: { count: (coverage) => coverage.withNeighbours, what: 'items viewed by the same people' },
  genreBased: { count: (coverage) => coverage.withGenres, what: 'genres or a category' },
  trendingContent: { count: (coverage) => coverage.withRecentEvents, what: 'interactions in the last 7 days' },
};

/** Whole percent; any data at all shows as at least 1 %, so only truly empty data reads "0 %". */
function percentOf(count: number, total: number): number {
  if (!total || !count) return 0;
  return Math.max(1, Math.min(100, Math.round((count / total) * 100)));
}

export function readiness(prediction: PredictionIndex): LeverReadiness[] {
  const { coverage } = asEngineIndex(prediction);
  return DISCOVERY_LEVERS.map((lever) => {
    const need = NEEDS[lever];
    const percent = percentOf(need.count(coverage), coverage.items);
    const noEffect = percent === 0;
    // Shown under the lever's own label: the note does not name it again.
    const note = `${percent} % of items have ${need.what}${noEffect ? ', so this slider has no effect' : ''}`;
    return { lever, percent, note, noEffect };
  });
}
