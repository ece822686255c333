/**
 * How a built index crosses from the snapshot worker to the server's thread. Posted whole, its
 * arrays and maps of one entry per item or person (fields, tags, ids) were deserialised in one go
 * when the message arrived: at 100,000 items, 0.3-0.7 s in which the server's event loop answered
 * nothing, once per new snapshot in every web process. Instead the worker serialises each large
 * array or map in slices of SLICE_ENTRIES entries into buffers that are transferred, not copied,
 * and the server deserialises them a slice at a time, yielding to its event loop whenever a turn
 * has taken SLICE_BUDGET_MS: requests keep being answered while a snapshot is taken in (the old
 * one serves until then). Typed arrays and small values are posted as they are, their buffers
 * transferred.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { deserialize, serialize } from 'node:v8';
import type { PredictionIndex } from './engine/types';

/** Entries per serialised slice: about 0.3 MB of item fields, a few milliseconds to read back. */
export const SLICE_ENTRIES = 1_000;
/** The longest the server's thread reads slices before letting other work run. */
const SLICE_BUDGET_MS = 4;

type Part = { key: string; kind: 'value'; value: unknown } | { key: string; kind: 'array' | 'map'; slices: Uint8Array[] };

/** An index as posted by the worker (packIndex) and taken in by the server (unpackIndex). */
export interface PackedIndex {
  parts: Part[];
}

/** Every ArrayBuffer under a value that can be transferred whole. */
function buffersOf(value: unknown, found: Set<ArrayBuffer>, depth = 0): void {
  if (depth > 4 || value === null || typeof value !== 'object') return;
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) found.add(value.buffer);
    return;
  }
  if (value instanceof Map) for (const entry of value.values()) buffersOf(entry, found, depth + 1);
  else if (Array.isArray(value)) {
    // Arrays of numbers or strings hold no buffers; only look into arrays of objects.
    if (value.length && typeof value[0] === 'object') for (const entry of value) buffersOf(entry, found, depth + 1);
  } else for (const entry of Object.values(value)) buffersOf(entry, found, depth + 1);
}

/** Serialised entries in a buffer of their own, so it can be transferred. */
function sliceOf(entries: unknown[]): Uint8Array {
  const bytes = serialize(entries);
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** In the worker: the index as parts, and the buffers to transfer with it. */
export function packIndex(index: PredictionIndex): { packed: PackedIndex; transfer: ArrayBuffer[] } {
  const parts: Part[] = [];
  for (const [key, value] of Object.entries(index)) {
    const entries = Array.isArray(value) ? value : value instanceof Map ? [...value] : null;
    if (!entries || entries.length <= SLICE_ENTRIES) {
      parts.push({ key, kind: 'value', value });
      continue;
    }
    const slices: Uint8Array[] = [];
    for (let start = 0; start < entries.length; start += SLICE_ENTRIES) slices.push(sliceOf(entries.slice(start, start + SLICE_ENTRIES)));
    parts.push({ key, kind: Array.isArray(value) ? 'array' : 'map', slices });
  }
  const packed = { parts };
  return { packed, transfer: transferablesOf(packed) };
}

/** The buffers of a packed index (as packed, or as read back from a file) that can be transferred, not copied. */
export function transferablesOf(packed: PackedIndex): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  for (const part of packed.parts) {
    if (part.kind === 'value') buffersOf(part.value, found);
    else for (const slice of part.slices) found.add(slice.buffer as ArrayBuffer);
  }
  return [...found];
}

/** On the server's thread: the index back, read a slice at a time between other work. */
export async function unpackIndex(packed: PackedIndex, budgetMs = SLICE_BUDGET_MS): Promise<PredictionIndex> {
  const index: Record<string, unknown> = {};
  let turnStarted = performance.now();
  for (const part of packed.parts) {
    if (part.kind === 'value') {
      index[part.key] = part.value;
      continue;
    }
    const whole: unknown[] | Map<unknown, unknown> = part.kind === 'array' ? [] : new Map();
    for (const slice of part.slices) {
      const entries = deserialize(slice) as unknown[];
      if (Array.isArray(whole)) whole.push(...entries);
      else for (const [key, value] of entries as Array<[unknown, unknown]>) whole.set(key, value);
      if (performance.now() - turnStarted >= budgetMs) {
        await nextTurn();
        turnStarted = performance.now();
      }
    }
    index[part.key] = whole;
  }
  return index as unknown as PredictionIndex;
}
