/**
 * Where a declarative read continues after a stored page (ConnectorBatch.checkpoint): the cursor
 * the run started from, the next page's token, the cursor reached so far and, for a read in
 * windows, the window and the read's end; for a read in partitions, the partition and its read's
 * own checkpoint. A run taken over after its worker died reads on from there as if it had not
 * stopped: the same start, the same windows, the next page.
 */
import { isRecordObject } from '../shared';
import type { PageToken } from './pagination';

export interface ReadCheckpoint {
  /** The cursor the run started from: a read taken over asks from the same start. */
  from: string | null;
  /** The next page's token; null for the first page of `window`. */
  token: PageToken;
  /** The cursor reached so far. */
  reached: string | null;
  /** A read in windows: the start of the window to read (milliseconds) and where the read ends. */
  window?: number;
  until?: number;
}

export interface PartitionCheckpoint {
  from: string | null;
  /** The partition to read, by its place among the run's partitions. */
  partition: number;
  /** That partition's read's own checkpoint; null to read it from its first page. */
  read: string | null;
}

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function parsed(raw: string | null | undefined): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return isRecordObject(value) ? value : null;
  } catch {
    return null;
  }
}

function tokenOf(value: unknown): PageToken | undefined {
  if (value === null) return null;
  if (!isRecordObject(value)) return undefined;
  if (typeof value.page === 'number') return { page: value.page };
  if (typeof value.offset === 'number') return { offset: value.offset };
  if (typeof value.token === 'string') return { token: value.token };
  if (typeof value.url === 'string') return { url: value.url };
  return undefined;
}

/** A stored read checkpoint, or null when there is none or it is not one (the read starts over). */
export function readCheckpoint(raw: string | null | undefined): ReadCheckpoint | null {
  const value = parsed(raw);
  const token = tokenOf(value?.token);
  if (!value || token === undefined || !textOrNull(value.from) || !textOrNull(value.reached)) return null;
  const window = typeof value.window === 'number' ? value.window : undefined;
  const until = typeof value.until === 'number' ? value.until : undefined;
  return { from: value.from, token, reached: value.reached, ...(window !== undefined ? { window } : {}), ...(until !== undefined ? { until } : {}) };
}

/** A stored partition checkpoint, or null. */
export function partitionCheckpoint(raw: string | null | undefined): PartitionCheckpoint | null {
  const value = parsed(raw);
  if (!value || typeof value.partition !== 'number' || !textOrNull(value.from) || !textOrNull(value.read)) return null;
  return { from: value.from, partition: value.partition, read: value.read };
}

export const writeCheckpoint = (checkpoint: ReadCheckpoint | PartitionCheckpoint): string => JSON.stringify(checkpoint);
