import type { CatalogueItem } from './types';

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

/** The built arrays coverage counts over, by item position. */
export interface CoverageSource {
  items: CatalogueItem[];
  userCount: number;
  sellerOf: Int32Array;
  deliveryDays: Float64Array;
  ratingMean: Float64Array;
  priceBand: Int8Array;
  stock: Float64Array;
  audienceSize: Int32Array;
  itemLabelOffsets: Int32Array;
  lastWeek: Float64Array;
  neighbourOffsets: Int32Array;
  impressions: Float64Array;
}

export function coverageOf(source: CoverageSource): DataCoverage {
  const { items, userCount, sellerOf, deliveryDays, ratingMean, priceBand, stock, audienceSize, itemLabelOffsets, lastWeek, neighbourOffsets, impressions } = source;
  const itemCount = items.length;
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
    if (neighbourOffsets[item + 1] > neighbourOffsets[item]) withNeighbours++;
    if (impressions[item] > 0) withImpressions++;
  }
  const count = (test: (index: number) => boolean) => {
    let total = 0;
    for (let index = 0; index < itemCount; index++) if (test(index)) total++;
    return total;
  };
  return {
    items: itemCount,
    users: userCount,
    withText,
    withSeller: count((item) => sellerOf[item] >= 0),
    withDeliveryDays: count((item) => !Number.isNaN(deliveryDays[item])),
    withRating: count((item) => !Number.isNaN(ratingMean[item])),
    withPrice: count((item) => priceBand[item] >= 0),
    withStock: count((item) => !Number.isNaN(stock[item])),
    withAudience: count((item) => audienceSize[item] > 0),
    withCategoryOrTags,
    withNeighbours,
    withGenres: count((item) => itemLabelOffsets[item + 1] > itemLabelOffsets[item]),
    withRecentEvents,
    withImpressions,
  };
}
