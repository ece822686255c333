import { offsetsFromCounts } from './arrays';
import { NEIGHBOURS_PER_ITEM } from './constants';

/** item → people CSR from person → items CSR. */
function transpose(itemCount: number, userOffsets: Int32Array, userItems: Int32Array) {
  const counts = new Int32Array(itemCount);
  for (const item of userItems) counts[item]++;
  const offsets = offsetsFromCounts(counts);
  const cursor = offsets.slice(0, itemCount);
  const users = new Int32Array(userItems.length);
  for (let user = 0; user + 1 < userOffsets.length; user++) {
    for (let slot = userOffsets[user]; slot < userOffsets[user + 1]; slot++) users[cursor[userItems[slot]]++] = user;
  }
  return { offsets, users };
}

/**
 * Co-occurrence: for each item, the items most interacted with by the same people, counted in
 * distinct people and normalised by cosine: together / √(people of one × people of the other), so
 * an item everyone has is not everyone's neighbour. The NEIGHBOURS_PER_ITEM most similar are kept
 * (ties by id) with their counts (evidence) and similarities (the signal). Work is the sum over
 * people of (their distinct items)², bounded by the per-person cap.
 */
export function buildNeighbours(itemCount: number, userOffsets: Int32Array, userItems: Int32Array) {
  const byItem = transpose(itemCount, userOffsets, userItems);
  const together = new Int32Array(itemCount);
  const touched: number[] = [];
  const counts = new Int32Array(itemCount);
  const chosenItems: number[] = [];
  const chosenCounts: number[] = [];
  const chosenWeights: number[] = [];
  const topItems: number[] = [];
  const topCounts: number[] = [];
  const topWeights: number[] = [];
  const people = (item: number) => byItem.offsets[item + 1] - byItem.offsets[item];
  for (let item = 0; item < itemCount; item++) {
    for (let slot = byItem.offsets[item]; slot < byItem.offsets[item + 1]; slot++) {
      const user = byItem.users[slot];
      for (let other = userOffsets[user]; other < userOffsets[user + 1]; other++) {
        const neighbour = userItems[other];
        if (neighbour === item) continue;
        if (together[neighbour] === 0) touched.push(neighbour);
        together[neighbour]++;
      }
    }
    // Keep the most similar NEIGHBOURS_PER_ITEM, ties by id, with an insertion into a short sorted list.
    topItems.length = 0;
    topCounts.length = 0;
    topWeights.length = 0;
    const own = people(item);
    for (const neighbour of touched) {
      const count = together[neighbour];
      together[neighbour] = 0;
      const value = count / Math.sqrt(own * people(neighbour));
      const full = topItems.length === NEIGHBOURS_PER_ITEM;
      if (full) {
        const last = topWeights[NEIGHBOURS_PER_ITEM - 1];
        if (value < last || (value === last && neighbour > topItems[NEIGHBOURS_PER_ITEM - 1])) continue;
      }
      let position = topItems.length;
      while (position > 0 && (topWeights[position - 1] < value || (topWeights[position - 1] === value && topItems[position - 1] > neighbour))) position--;
      topItems.splice(position, 0, neighbour);
      topCounts.splice(position, 0, count);
      topWeights.splice(position, 0, value);
      if (topItems.length > NEIGHBOURS_PER_ITEM) {
        topItems.pop();
        topCounts.pop();
        topWeights.pop();
      }
    }
    touched.length = 0;
    counts[item] = topItems.length;
    chosenItems.push(...topItems);
    chosenCounts.push(...topCounts);
    chosenWeights.push(...topWeights);
  }
  return { offsets: offsetsFromCounts(counts), items: Int32Array.from(chosenItems), counts: Int32Array.from(chosenCounts), weights: Float64Array.from(chosenWeights), byItem };
}
