/**
 * Where request counters live (rate limits, sign-in throttles), chosen once per process:
 *
 * - REDIS_URL set: in Redis, shared by every process and replica that uses the same Redis (an
 *   atomic increment per count). Should Redis stop answering, each process counts in its own
 *   memory until it is back, so a Redis outage never turns the public API away.
 * - a web process of a cluster (WEB_CONCURRENCY above 1) without Redis: in the cluster's primary
 *   process, asked over the cluster's IPC channel, so the processes of one machine share the counts.
 * - otherwise: in this process's memory.
 *
 * Without Redis, separate machines (replicas) each count on their own: a limit of N admits up to N
 * per replica. docs/operations.md ("Redis") says so.
 */
import cluster from 'node:cluster';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface CounterOptions {
  /** Names the counters apart from every other limiter's (a key prefix in the store). */
  name: string;
  /** Counts admitted per key in a window; a count beyond it is refused. */
  points: number;
  /** The window, in seconds. */
  duration: number;
}

export interface CounterStore {
  /** Where the counts live, as the log says it. */
  readonly kind: 'redis' | 'cluster' | 'memory';
  counters(options: CounterOptions): RateLimiterAbstract;
  /**
   * Resolves once counts go where they belong: a server listens only then, since counts made in
   * memory while Redis connects would not be shared. Gives up after READY_TIMEOUT_MS (Redis down
   * at start: the process counts on its own until it is back, as during an outage).
   */
  ready(): Promise<void>;
  /** Whether Redis answers a PING now; null when the counts do not live in Redis. */
  redisAnswers(): Promise<boolean> | null;
  close(): Promise<void>;
}

export interface CounterStoreSettings {
  url: string | null;
  /** Prefixes every key in Redis, so deployments (or test runs) that share a Redis stay apart. */
  prefix: string;
}

const READY_TIMEOUT_MS = 10_000;

/** An answer from the cluster's primary may take this long before the count is given up. */
const CLUSTER_TIMEOUT_MS = 2_000;

export function createCounterStore({ url: redisUrl, prefix: redisPrefix }: CounterStoreSettings, logger: Pick<Logger, 'warn'>): CounterStore {
  if (redisUrl) {
    // Counting must not wait for a reconnect: with the offline queue off, a count fails at once and
    // the in-memory insurance answers.
    const client = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    let warned = false;
    client.on('error', (failure: unknown) => {
      if (warned) return;
      warned = true;
      logger.warn({ err: failure }, 'Redis is not answering; rate limits are counted in this process until it is back');
    });
    client.on('ready', () => {
      warned = false;
    });
    return {
      kind: 'redis',
      counters: ({ name, points, duration }) =>
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${redisPrefix}:${name}`,
          points,
          duration,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
        }),
      ready: () =>
        client.status === 'ready'
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              const timer = setTimeout(() => {
                logger.warn({ timeoutMs: READY_TIMEOUT_MS }, 'Redis did not answer in time; counting in this process until it does');
                resolve();
              }, READY_TIMEOUT_MS);
              timer.unref();
              client.once('ready', () => {
                clearTimeout(timer);
                resolve();
              });
            }),
      // With the offline queue off, a PING while disconnected fails at once.
      redisAnswers: () => client.ping().then(() => true, () => false),
      close: async () => {
        client.disconnect();
      },
    };
  }
  if (cluster.isWorker) {
    return {
      kind: 'cluster',
      counters: ({ name, points, duration }) => new RateLimiterCluster({ keyPrefix: name, points, duration, timeoutMs: CLUSTER_TIMEOUT_MS }),
      ready: async () => undefined,
      redisAnswers: () => null,
      close: async () => undefined,
    };
  }
  return {
    kind: 'memory',
    counters: ({ name, points, duration }) => new RateLimiterMemory({ keyPrefix: name, points, duration }),
    ready: async () => undefined,
    redisAnswers: () => null,
    close: async () => undefined,
  };
}

/** In a cluster's primary process without Redis: keeps the counts its web processes ask about. */
export function serveClusterCounters(): void {
  new RateLimiterClusterMaster();
}
