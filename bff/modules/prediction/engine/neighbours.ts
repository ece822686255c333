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
 * Co-occurrence: for each item, the items most often interacted with by the same people, counted in
 * distinct people. Work is the sum over people of (their distinct items)², bounded by the per-person cap.
 */
export function buildNeighbours(itemCount: number, userOffsets: Int32Array, userItems: Int32Array) {
  const byItem = transpose(itemCount, userOffsets, userItems);
  const together = new Int32Array(itemCount);
  const touched: number[] = [];
  const counts = new Int32Array(itemCount);
  const chosenItems: number[] = [];
  const chosenCounts: number[] = [];
  const topItems: number[] = [];
  const topCounts: number[] = [];
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
    // Keep the strongest NEIGHBOURS_PER_ITEM, ties by id, with an insertion into a short sorted list.
    topItems.length = 0;
    topCounts.length = 0;
    for (const neighbour of touched) {
      const value = together[neighbour];
      together[neighbour] = 0;
      const full = topItems.length === NEIGHBOURS_PER_ITEM;
      if (full) {
        const lastCount = topCounts[NEIGHBOURS_PER_ITEM - 1];
        if (value < lastCount || (value === lastCount && neighbour > topItems[NEIGHBOURS_PER_ITEM - 1])) continue;
      }
      let position = topItems.length;
      while (position > 0 && (topCounts[position - 1] < value || (topCounts[position - 1] === value && topItems[position - 1] > neighbour))) position--;
      topItems.splice(position, 0, neighbour);
      topCounts.splice(position, 0, value);
      if (topItems.length > NEIGHBOURS_PER_ITEM) {
        topItems.pop();
        topCounts.pop();
      }
    }
    touched.length = 0;
    counts[item] = topItems.length;
    chosenItems.push(...topItems);
    chosenCounts.push(...topCounts);
  }
  return { offsets: offsetsFromCounts(counts), items: Int32Array.from(chosenItems), counts: Int32Array.from(chosenCounts), byItem };
}
