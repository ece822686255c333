/** The candidate lists rank draws from: popular, trending, newest, and the most popular per label. */
import { offsetsFromCounts, orderDescending } from './arrays';
import { CANDIDATE_LIST_SIZE, LABEL_TOP_ITEMS, NEW_WINDOW_MS } from './constants';

export interface CandidateSource {
  itemCount: number;
  now: number;
  popularity: Float64Array;
  trendScore: Float64Array;
  createdAt: Float64Array;
  labelCount: number;
  itemLabelOffsets: Int32Array;
  itemLabels: Int32Array;
}

export function candidateListsOf({ itemCount, now, popularity, trendScore, createdAt, labelCount, itemLabelOffsets, itemLabels }: CandidateSource) {
  const popularOrder = orderDescending(itemCount, (item) => popularity[item], () => true);
  const trendingOrder = orderDescending(itemCount, (item) => trendScore[item], (item) => trendScore[item] > 0, CANDIDATE_LIST_SIZE);
  const newestOrder = orderDescending(
    itemCount,
    (item) => createdAt[item],
    (item) => createdAt[item] <= now && now - createdAt[item] < NEW_WINDOW_MS,
    CANDIDATE_LIST_SIZE,
  );
  const labelTop = buildLabelTopItems(labelCount, popularOrder, itemLabelOffsets, itemLabels);
  return { popularOrder, trendingOrder, newestOrder, labelTopOffsets: labelTop.offsets, labelTopItems: labelTop.items };
}

function buildLabelTopItems(labelCount: number, popularOrder: Int32Array, itemLabelOffsets: Int32Array, itemLabels: Int32Array) {
  const lists: number[][] = Array.from({ length: labelCount }, () => []);
  for (const item of popularOrder) {
    for (let slot = itemLabelOffsets[item]; slot < itemLabelOffsets[item + 1]; slot++) {
      const list = lists[itemLabels[slot]];
      if (list.length < LABEL_TOP_ITEMS) list.push(item);
    }
  }
  const counts = Int32Array.from(lists.map((list) => list.length));
  return { offsets: offsetsFromCounts(counts), items: Int32Array.from(lists.flat()) };
}
