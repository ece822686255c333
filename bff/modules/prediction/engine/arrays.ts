/** Building blocks of the index: interned ids, compressed rows, orders over item positions, finite numbers. */

export const finiteOr = (value: number | null | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** The position of `id` in `ids`, appended the first time it is seen. */
export function internId(positions: Map<string, number>, ids: string[], id: string): number {
  let position = positions.get(id);
  if (position === undefined) {
    position = ids.length;
    positions.set(id, position);
    ids.push(id);
  }
  return position;
}

/** Compressed rows: offsets (rows + 1) into one flat array. */
export function offsetsFromCounts(counts: Int32Array): Int32Array {
  const offsets = new Int32Array(counts.length + 1);
  for (let row = 0; row < counts.length; row++) offsets[row + 1] = offsets[row] + counts[row];
  return offsets;
}

/** Indices 0..n-1 ordered by `key` descending, ties by index (= id) ascending. */
export function orderDescending(count: number, key: (index: number) => number, include: (index: number) => boolean, limit = count): Int32Array {
  const chosen: number[] = [];
  for (let index = 0; index < count; index++) if (include(index)) chosen.push(index);
  chosen.sort((left, right) => key(right) - key(left) || left - right);
  return Int32Array.from(chosen.slice(0, limit));
}
