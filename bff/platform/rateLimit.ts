/**
 * Fixed-window request counters kept in the database (rate_limit_buckets), so BFF replicas that
 * share it share the limits. One statement counts a request and reads the total: an upsert that
 * starts the count again when the window has moved on. SQLite (3.35+) and PostgreSQL both run it.
 */
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { MikroORM as Orm } from '@mikro-orm/core';
import { apiError } from './errors';

export const RATE_WINDOW_MS = 60_000;
const KEY_LENGTH = 200;

const COUNT_SQL =
  'insert into rate_limit_buckets ("key", window_id, hits) values (?, ?, 1) ' +
  'on conflict ("key") do update set ' +
  'hits = case when rate_limit_buckets.window_id = excluded.window_id then rate_limit_buckets.hits + 1 else 1 end, ' +
  'window_id = excluded.window_id ' +
  'returning hits';

export interface RateLimitCheck {
  key: string;
  limit: number;
  /** The 429's message, given the seconds to wait. */
  refusal: (seconds: number) => string;
}

export function createRateLimiter(orm: Orm, logger: Logger, now: () => Date) {
  let sweptWindow = 0;

  /** Rows of finished windows are dropped once per window, in the background. */
  function sweep(windowId: number): void {
    if (windowId <= sweptWindow) return;
    sweptWindow = windowId;
    orm.em
      .getConnection()
      .execute('delete from rate_limit_buckets where window_id < ?', [windowId - 1], 'run')
      .catch((failure: unknown) => logger.warn({ err: failure }, 'Could not clear old rate-limit counters'));
  }

  async function count(key: string, windowId: number): Promise<number> {
    const stored = key.length > KEY_LENGTH ? `${key.slice(0, 20)}#${createHash('sha256').update(key).digest('hex')}` : key;
    const rows = await orm.em.getConnection().execute<Array<{ hits: number | string }>>(COUNT_SQL, [stored, windowId], 'all');
    return Number(rows[0]?.hits ?? 0);
  }

  return {
    /** Counts one request against each check, in order; the first exceeded limit answers 429. */
    async check(checks: RateLimitCheck[]): Promise<void> {
      const time = now().getTime();
      const windowId = Math.floor(time / RATE_WINDOW_MS);
      sweep(windowId);
      for (const { key, limit, refusal } of checks) {
        if ((await count(key, windowId)) > limit) {
          const seconds = Math.max(1, Math.ceil(((windowId + 1) * RATE_WINDOW_MS - time) / 1000));
          const message = refusal(seconds);
          throw apiError('rate_limited', { error: 'Too many requests', message, headers: { 'Retry-After': String(seconds) } });
        }
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
