import { describe, expect, it } from 'vitest';
import { packIndex, unpackIndex } from './snapshotHandOver';
import { postAcross, SAMPLE_ITEMS, sampleIndex } from './snapshotSample';

describe('the snapshot hand-over', () => {
  it('gives back the same index after a transfer across threads', async () => {
    const index = sampleIndex();
    const { packed, transfer } = packIndex(index);
    const received = await postAcross(packed, transfer);
    const unpacked = await unpackIndex(received);
    expect(unpacked).toEqual(sampleIndex());
    expect(Object.keys(unpacked)).toEqual(Object.keys(index));
    expect(unpacked.itemById).toBeInstanceOf(Map);
    expect(unpacked.price).toBeInstanceOf(Float64Array);
    const first = (unpacked.fields as object[])[0];
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(first, '__proto__')?.value).toBe('kept as data');
  });

  it('moves the long arrays and maps as transferred slices and the typed arrays as they are', () => {
    const index = sampleIndex();
    const { packed, transfer } = packIndex(index);
    const kinds = Object.fromEntries(packed.parts.map((part) => [part.key, part.kind === 'value' ? 'value' : `${part.kind} of ${part.slices.length}`]));
    expect(kinds).toMatchObject({ itemIds: 'array of 4', itemById: 'map of 4', fields: 'array of 4', price: 'value', terms: 'value', labels: 'value' });
    expect(transfer).toContain((index.price as Float64Array).buffer);
    expect(transfer).toHaveLength(1 + 3 * 4);
  });

  it('lets other work run between slices rather than taking the index in at once', async () => {
    const { packed } = packIndex(sampleIndex());
    let turns = 0;
    let unpacked = false;
    const countTurns = () => {
      turns++;
      if (!unpacked) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    // No time budget: a turn ends after every slice (12 slices in all).
    const index = await unpackIndex(packed, 0);
    unpacked = true;
    expect(turns).toBeGreaterThanOrEqual(11);
    expect(index.itemCount).toBe(SAMPLE_ITEMS);
  });
});
