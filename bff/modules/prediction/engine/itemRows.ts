/**
 * What the signals read of every candidate, one row per item in one array. Kept in a dozen arrays
 * of their own, a candidate's values were a dozen cache lines far apart, and a web process's HTTP
 * work and collections evict the index between calls: with the CPU cache emptied between calls, the
 * signals' loops took 0.34 ms a call against 0.13 ms with it warm, 0.25 ms with these rows. A row
 * is ITEM_ROW_LENGTH numbers (256 bytes), read in order as the candidates are sorted by item.
 */
import { AUDIENCE_LABELS_PER_ITEM, PRICE_BANDS } from './constants';

/** The item-only signal values (serving.ts), 0 where absent. */
export const TREND = 0;
export const TRUST = 1;
export const SUPPLY = 2;
export const SELLER_DEBT = 3;
export const DELIVERY_SPEED = 4;
export const LOW_EXPOSURE = 5;
/** When the item's seller was first seen; NaN without a seller. */
export const SELLER_FIRST_SEEN = 6;
/** 0..PRICE_BANDS-1, or -1 without a price. */
export const PRICE_BAND = 7;
export const AUDIENCE_SIZE = 8;
/** PRICE_BANDS counts: the audience's favourite price bands. */
export const AUDIENCE_BANDS = 9;
/** AUDIENCE_LABELS_PER_ITEM pairs of (label, people): the audience's favourite labels, -1 past the last. */
export const AUDIENCE_LABELS = AUDIENCE_BANDS + PRICE_BANDS;
/** The item's slots in itemLabels and itemTagIds: [start, end). */
export const LABELS_START = AUDIENCE_LABELS + 2 * AUDIENCE_LABELS_PER_ITEM;
export const LABELS_END = LABELS_START + 1;
export const TAGS_START = LABELS_END + 1;
export const TAGS_END = TAGS_START + 1;
/** A power of two at least TAGS_END + 1, so a row never straddles more cache lines than it fills. */
export const ITEM_ROW_LENGTH = 32;

/** The parts of the index a row is copied from. */
export interface ItemRowSource {
  itemCount: number;
  trendScore: Float64Array;
  sellerOf: Int32Array;
  sellerFirstSeen: Float64Array;
  priceBand: Int8Array;
  audienceSize: Int32Array;
  audienceBandCounts: Float32Array;
  audienceLabelOffsets: Int32Array;
  audienceLabels: Int32Array;
  audienceLabelCounts: Int32Array;
  itemLabelOffsets: Int32Array;
  itemTagOffsets: Int32Array;
}

/** The rows, with the copied values; the item-only signal values are written by serving.ts. */
export function itemRowsOf(source: ItemRowSource): Float64Array {
  const rows = new Float64Array(source.itemCount * ITEM_ROW_LENGTH);
  for (let item = 0; item < source.itemCount; item++) {
    const row = item * ITEM_ROW_LENGTH;
    rows[row + TREND] = source.trendScore[item];
    const seller = source.sellerOf[item];
    rows[row + SELLER_FIRST_SEEN] = seller < 0 ? Number.NaN : source.sellerFirstSeen[seller];
    rows[row + PRICE_BAND] = source.priceBand[item];
    rows[row + AUDIENCE_SIZE] = source.audienceSize[item];
    for (let band = 0; band < PRICE_BANDS; band++) rows[row + AUDIENCE_BANDS + band] = source.audienceBandCounts[item * PRICE_BANDS + band];
    const labelsStart = source.audienceLabelOffsets[item];
    const labelsKept = source.audienceLabelOffsets[item + 1] - labelsStart;
    if (labelsKept > AUDIENCE_LABELS_PER_ITEM) throw new Error(`Item ${item} has ${labelsKept} audience labels, more than a row holds`);
    for (let pair = 0; pair < AUDIENCE_LABELS_PER_ITEM; pair++) {
      rows[row + AUDIENCE_LABELS + 2 * pair] = pair < labelsKept ? source.audienceLabels[labelsStart + pair] : -1;
      rows[row + AUDIENCE_LABELS + 2 * pair + 1] = pair < labelsKept ? source.audienceLabelCounts[labelsStart + pair] : 0;
    }
    rows[row + LABELS_START] = source.itemLabelOffsets[item];
    rows[row + LABELS_END] = source.itemLabelOffsets[item + 1];
    rows[row + TAGS_START] = source.itemTagOffsets[item];
    rows[row + TAGS_END] = source.itemTagOffsets[item + 1];
  }
  return rows;
}
