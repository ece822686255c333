/**
 * The visitor's state in the host page's localStorage and sessionStorage, under 'navout:' keys.
 * Storage can be missing or refuse writes (private windows, sandboxed frames, a full quota):
 * every access is guarded, and the widget then behaves as for a first visit.
 */

export const STORAGE_KEYS = {
  /** A random visitor id (sticky sampling, holdout, displays and responses). */
  visitorId: 'navout:vid',
  /** When the visitor was first seen: a later session makes them a returning visitor. */
  visitor: 'navout:visitor',
  /** Values given by navout.identify(). */
  identifiers: 'navout:identifiers',
  /**
   * Last show or completion per survey id, and per company ('company:<id>'), in ms; a completion
   * also as 'done:<id>' (a completed survey is not offered again unless it says so).
   */
  seen: 'navout:seen',
  /** Survey ids whose holdout display was already recorded. */
  holdouts: 'navout:holdouts',
  /** sessionStorage: this session's visitor type ({ new: boolean }). */
  session: 'navout:session',
  /** sessionStorage: session-based sampling decisions per survey id. */
  sampled: 'navout:sampled',
} as const;

type Area = 'localStorage' | 'sessionStorage';

function area(win: Window, name: Area): Storage | null {
  try {
    return win[name];
  } catch {
    // Reading the property itself throws where storage is blocked.
    return null;
  }
}

export function readJson<T>(win: Window, name: Area, key: string, fallback: T): T {
  try {
    const text = area(win, name)?.getItem(key);
    if (text == null) return fallback;
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === typeof fallback ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(win: Window, name: Area, key: string, value: unknown): void {
  try {
    area(win, name)?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or policy: the state lives for this page only.
  }
}

export function removeKeys(win: Window, name: Area, keys: readonly string[]): void {
  for (const key of keys) {
    try {
      area(win, name)?.removeItem(key);
    } catch {
      // Nothing to forget where nothing could be stored.
    }
  }
}

/**
 * A random id: crypto.randomUUID, which exists on https pages only; elsewhere (a plain http site)
 * 128 bits from getRandomValues, which every browser has, in hex.
 */
export function randomId(win: Window): string {
  const { crypto } = win;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
