import { finiteOr } from './arrays';
import type { CatalogueItem, SnapshotInput } from './types';

/** What the sellers' figures are read from, by item position. */
export interface SellerSource {
  items: CatalogueItem[];
  impressionsById: SnapshotInput['impressions'];
  sellerOf: Int32Array;
  sellerCount: number;
  createdAt: Float64Array;
  firstEventAt: Float64Array;
}

/** Impressions per item and seller; sellers first seen at their earliest item or interaction, with a fair share of impressions by item count. */
export function exposureOf({ items, impressionsById, sellerOf, sellerCount, createdAt, firstEventAt }: SellerSource) {
  const itemCount = items.length;
  const sellerFirstSeen = new Float64Array(sellerCount).fill(Number.POSITIVE_INFINITY);
  const sellerItems = new Float64Array(sellerCount);
  const sellerImpressions = new Float64Array(sellerCount);
  const impressions = new Float64Array(itemCount);
  let totalImpressions = 0;
  let maxImpressions = 0;
  let sellerItemTotal = 0;
  let sellerImpressionTotal = 0;
  for (let item = 0; item < itemCount; item++) {
    const shown = Math.max(0, finiteOr(impressionsById[items[item].id], 0));
    impressions[item] = shown;
    totalImpressions += shown;
    if (shown > maxImpressions) maxImpressions = shown;
    const seller = sellerOf[item];
    if (seller < 0) continue;
    const firstSeen = Math.min(Number.isNaN(createdAt[item]) ? Number.POSITIVE_INFINITY : createdAt[item], firstEventAt[item]);
    if (firstSeen < sellerFirstSeen[seller]) sellerFirstSeen[seller] = firstSeen;
    sellerItems[seller] += 1;
    sellerImpressions[seller] += shown;
    sellerItemTotal += 1;
    sellerImpressionTotal += shown;
  }
  const sellerFairImpressions = new Float64Array(sellerCount);
  for (let seller = 0; seller < sellerCount; seller++) {
    sellerFairImpressions[seller] = sellerItemTotal ? (sellerImpressionTotal * sellerItems[seller]) / sellerItemTotal : 0;
  }
  return { sellerFirstSeen, sellerImpressions, sellerFairImpressions, impressions, maxImpressions, totalImpressions };
}
