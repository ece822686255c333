/**
 * A small index shaped like the engine's (typed arrays, long arrays and maps, small values) and a
 * real message channel to post it across: what the hand-over and shared-file tests move.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { PredictionIndex } from './engine/types';
import { SLICE_ENTRIES, type PackedIndex } from './snapshotHandOver';

export const SAMPLE_ITEMS = SLICE_ENTRIES * 3 + 7;

export function sampleIndex(): PredictionIndex {
  const itemIds = Array.from({ length: SAMPLE_ITEMS }, (_, item) => `item-${item}`);
  return {
    format: 'sample',
    itemCount: SAMPLE_ITEMS,
    eventCount: 12,
    builtAt: 1_700_000_000_000,
    itemIds,
    itemById: new Map(itemIds.map((id, item) => [id, item])),
    fields: itemIds.map((id, item) => ({ id, price: item % 50, tags: [`t${item % 3}`], nested: { deep: [item, null] }, ['__proto__']: 'kept as data' })),
    price: Float64Array.from({ length: SAMPLE_ITEMS }, (_, item) => item / 3),
    terms: new Map([['oak', 1]]),
    labels: ['Kitchen', 'Bath'],
    coverage: { items: SAMPLE_ITEMS, users: 2 },
  } as unknown as PredictionIndex;
}

/** Posts the packed index across a real message channel, transferring its buffers as the worker does. */
export function postAcross(packed: PackedIndex, transfer: ArrayBuffer[]): Promise<PackedIndex> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve) => {
    port2.once('message', (received: PackedIndex) => {
      port1.close();
      (port2 as MessagePort).close();
      resolve(received);
    });
    port1.postMessage(packed, transfer);
  });
}
