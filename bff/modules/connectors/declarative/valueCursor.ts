/**
 * The state of a read by a record field that grows without being a date (IncrementingValueCursor,
 * and the GraphQL source's own read): JSON `{ since, max, next }` while a run reads (the value it
 * started from, the largest so far, where the following page starts), `{ since }` once the last
 * page is read: what the next run starts from. Values compare as numbers when both are numbers,
 * otherwise as text (ISO dates sort as text).
 */

export type CursorValue = string | number;

export interface RunState {
  since: CursorValue | null;
  max: CursorValue | null;
  next: CursorValue | null;
}

/** A scalar a cursor can hold: a finite number or non-empty text. */
export const cursorValueOf = (value: unknown): CursorValue | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value ? value : null;

export function parseRunState(raw: string | null): RunState {
  const empty: RunState = { since: null, max: null, next: null };
  if (!raw) return empty;
  try {
    const parsed = JSON.parse(raw) as Partial<RunState> | null;
    const scalar = (each: unknown) => (typeof each === 'string' || typeof each === 'number' ? each : null);
    if (parsed && typeof parsed === 'object') return { since: scalar(parsed.since), max: scalar(parsed.max), next: scalar(parsed.next) };
  } catch {
    // A cursor from another connector or an older format: start over.
  }
  return empty;
}

/** Orders cursor values: numbers as numbers, anything else as text. */
export function compareValues(a: CursorValue, b: CursorValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [left, right] = [String(a), String(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

export interface ValueRun {
  /** The value this run reads from (sent to the vendor where it can filter), or null for a full read. */
  since: CursorValue | null;
  /** Where a run taken up again continues (a page number, an offset, a token or an address), or null. */
  resumeAt: CursorValue | null;
  /** Whether a record is kept: false below `since` (a vendor that ignored the filter); tracks the largest value. */
  admit(record: unknown): boolean;
  /** The state once a page is stored: resumable at `next`, or, on the last page (null), the next run's start. */
  stateAfter(next: CursorValue | null): string | null;
}

/**
 * One run over `stored` by `cursorField`. Without a field, nothing is filtered and the state keeps
 * the page position only (a stored start is ignored: it was saved before the field was cleared).
 */
export function valueRun(cursorField: string | undefined, stored: string | null): ValueRun {
  const state = parseRunState(stored);
  if (!cursorField) state.since = state.max = null;
  let max = state.max ?? state.since;
  return {
    since: state.since,
    resumeAt: state.next,
    admit(record) {
      if (!cursorField || !record || typeof record !== 'object') return true;
      const value = cursorValueOf((record as Record<string, unknown>)[cursorField]);
      if (value === null) return true;
      // Equal values are read again: several records may share one, and the key field makes them replacements.
      if (state.since !== null && compareValues(value, state.since) < 0) return false;
      if (max === null || compareValues(value, max) > 0) max = value;
      return true;
    },
    stateAfter(next) {
      if (next !== null) return JSON.stringify({ since: state.since, max, next });
      return cursorField && max !== null ? JSON.stringify({ since: max }) : null;
    },
  };
}
