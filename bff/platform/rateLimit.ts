/**
 * Fixed-window request counters for the public routes: a window is the clock's minute, so a
 * refused client is told exactly when its minute ends. The counts live in the process's counter
 * store (platform/counters.ts: Redis, the cluster's primary or this process's memory), never in
 * the database: a request costs no write. Each count is one atomic increment that returns the
 * total, so parallel requests are neither lost nor counted twice.
 */
import { createHash } from 'node:crypto';
import { apiError } from './errors';
import type { CounterStore } from './counters';
import { rateLimitRefusals } from './metrics';

export const RATE_WINDOW_MS = 60_000;
const KEY_LENGTH = 200;
/** The store only counts: the limit is each check's own, compared here. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

export interface RateLimitCheck {
  key: string;
  limit: number;
  /** The 429's message, given the seconds to wait. */
  refusal: (seconds: number) => string;
}

/** A key as stored: a long one (an address in a header, a path) is shortened to a digest. */
const storedKey = (key: string) => (key.length > KEY_LENGTH ? `${key.slice(0, 20)}#${createHash('sha256').update(key).digest('hex')}` : key);

export function createRateLimiter(store: CounterStore, name: string, now: () => Date) {
  // A count outlives its minute by a little, so a late request of the minute still finds it.
  const counters = store.counters({ name, points: UNBOUNDED, duration: (2 * RATE_WINDOW_MS) / 1000 });

  return {
    /** Counts one request against each check, in order; the first exceeded limit answers 429. */
    async check(checks: RateLimitCheck[]): Promise<void> {
      const time = now().getTime();
      const windowId = Math.floor(time / RATE_WINDOW_MS);
      for (const { key, limit, refusal } of checks) {
        const { consumedPoints } = await counters.consume(`${storedKey(key)}@${windowId}`);
        if (consumedPoints > limit) {
          rateLimitRefusals.inc({ limiter: name });
          const seconds = Math.max(1, Math.ceil(((windowId + 1) * RATE_WINDOW_MS - time) / 1000));
          throw apiError('rate_limited', { error: 'Too many requests', message: refusal(seconds), headers: { 'Retry-After': String(seconds) } });
        }
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
