/**
 * A large page stored in parts. On SQLite every write transaction holds the database's one write
 * lock, and the web server's writes wait for it: a page of 20 MB stored in one transaction held it
 * for seconds. So on SQLite a page is stored PAGE_PART_RECORDS records at a time, each part with
 * the counts after it, and between parts the lock is left free for a moment. Until its last part
 * is stored, the run's checkpoint says where the page began and how many of its records are
 * stored: a run taken over (its worker killed mid-page) reads that page again and skips those
 * records, so each record is still counted once. On PostgreSQL (row locks, no database-wide
 * writer) a page is one part, as before.
 */
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Records stored per write transaction on SQLite. As the audience build's batches
 * (modules/audience/generations.ts): short enough that a request's write waits tens of
 * milliseconds behind one, long enough that a part's fixed costs do not dominate.
 */
export const PAGE_PART_RECORDS = 500;
/** The pause between two parts of one page, in which a waiting writer takes the lock. */
export const PAGE_PART_GAP_MS = 5;

interface PagePart {
  /** The checkpoint the page was read from (null: the start, or the cursor says). */
  checkpoint: string | null;
  /** Records of that page already stored. */
  stored: number;
}

const KEY = 'navoutPagePart';

/** The checkpoint of a page stored up to `stored` of its records, read from `checkpoint`. */
export function partCheckpoint(checkpoint: string | null, stored: number): string {
  return JSON.stringify({ [KEY]: { checkpoint, stored } satisfies PagePart });
}

/** Where a stored checkpoint says to read from, and how many records of the first batch read are already stored. */
export function readCheckpoint(stored: string | null | undefined): PagePart {
  if (!stored?.startsWith(`{"${KEY}":`)) return { checkpoint: stored ?? null, stored: 0 };
  try {
    const part = (JSON.parse(stored) as Record<string, PagePart>)[KEY]!;
    return { checkpoint: typeof part.checkpoint === 'string' ? part.checkpoint : null, stored: Number.isInteger(part.stored) && part.stored > 0 ? part.stored : 0 };
  } catch {
    return { checkpoint: stored, stored: 0 };
  }
}

/** `records` in parts of at most `size` (one empty part for an empty page). */
export function pageParts<T>(records: readonly T[], size: number): T[][] {
  if (records.length <= size) return [records as T[]];
  const parts: T[][] = [];
  for (let start = 0; start < records.length; start += size) parts.push(records.slice(start, start + size));
  return parts;
}

/** Leaves the write lock free between two parts; ends at once when the run is stopped. */
export async function betweenParts(gapMs: number, signal: AbortSignal): Promise<void> {
  if (gapMs <= 0 || signal.aborted) return;
  await delay(gapMs, undefined, { signal }).catch(() => undefined);
}
