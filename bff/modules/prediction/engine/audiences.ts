import { offsetsFromCounts } from './arrays';
import { AUDIENCE_LABELS_PER_ITEM, PRICE_BANDS } from './constants';
import type { People } from './people';

/**
 * An item's audience: the people who interacted with it (their most recent distinct items), described
 * by what events reveal about them: their favourite label and their favourite price band.
 */
export function buildAudiences(itemCount: number, byItem: { offsets: Int32Array; users: Int32Array }, people: People, labelCount: number) {
  const audienceSize = new Int32Array(itemCount);
  const audienceBandCounts = new Float32Array(itemCount * PRICE_BANDS);
  const rowCounts = new Int32Array(itemCount);
  const labelsOut: number[] = [];
  const countsOut: number[] = [];
  const scratch = new Int32Array(labelCount);
  const touched: number[] = [];
  for (let item = 0; item < itemCount; item++) {
    audienceSize[item] = byItem.offsets[item + 1] - byItem.offsets[item];
    for (let slot = byItem.offsets[item]; slot < byItem.offsets[item + 1]; slot++) {
      const user = byItem.users[slot];
      const band = people.userFavouriteBand[user];
      if (band >= 0) audienceBandCounts[item * PRICE_BANDS + band] += 1;
      const label = people.userFavouriteLabel[user];
      if (label >= 0) {
        if (scratch[label] === 0) touched.push(label);
        scratch[label]++;
      }
    }
    touched.sort((left, right) => scratch[right] - scratch[left] || left - right);
    const kept = touched.slice(0, AUDIENCE_LABELS_PER_ITEM);
    for (const label of kept) {
      labelsOut.push(label);
      countsOut.push(scratch[label]);
    }
    for (const label of touched) scratch[label] = 0;
    touched.length = 0;
    rowCounts[item] = kept.length;
  }
  return {
    audienceSize,
    audienceBandCounts,
    audienceLabelOffsets: offsetsFromCounts(rowCounts),
    audienceLabels: Int32Array.from(labelsOut),
    audienceLabelCounts: Int32Array.from(countsOut),
  };
}
