/**
 * The request counters behind rate limits and sign-in throttles (bff/platform/counters.ts), store by
 * store: in a process's memory, in Redis shared by several processes, and in memory again while
 * Redis does not answer. The cluster's store is held by the two web processes of
 * web-processes.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCounterStore, type CounterStore } from '@bff/platform/counters';
import { freePort } from './support/processes';
import { REDIS, REDIS_URL, redisAnswers } from './support/redis';

const LIMIT = 25;
const COUNTERS = { name: 'test-limit', points: LIMIT, duration: 60 };

/** Redis answers in CI; on a machine without it the Redis store's tests say so and do not run. */
const redisUp = await redisAnswers();
if (!redisUp) console.warn(`Redis is not answering on ${REDIS.host}:${REDIS.port}: the Redis store of the counters is not tested here (CI tests it).`);

/** Counts `times` at once for `key`, spread over `stores` in turn; how many were admitted. */
async function admittedOf(stores: CounterStore[], key: string, times: number): Promise<number> {
  const limiters = stores.map((store) => store.counters(COUNTERS));
  const outcomes = await Promise.allSettled(Array.from({ length: times }, (_, turn) => limiters[turn % limiters.length]!.consume(key)));
  return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
}

describe('request counters', () => {
  const opened: CounterStore[] = [];
  const open = (url: string | null, prefix: string, logger = { warn: vi.fn() }) => {
    const store = createCounterStore({ url, prefix }, logger);
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('in memory: a limit of N admits exactly N of many counts made at once, each key on its own', async () => {
    const store = open(null, 'navout');
    expect(store.kind).toBe('memory');
    expect(await admittedOf([store], '198.51.100.1', 3 * LIMIT)).toBe(LIMIT);
    expect(await admittedOf([store], '198.51.100.2', LIMIT)).toBe(LIMIT);
  });

  it.runIf(redisUp)('in Redis: the stores of two processes admit N in total; another deployment prefix counts apart', async () => {
    const prefix = `navout-test-${randomUUID()}`;
    const processes = [open(REDIS_URL, prefix), open(REDIS_URL, prefix)];
    await Promise.all(processes.map((store) => store.ready()));
    expect(processes.map((store) => store.kind)).toEqual(['redis', 'redis']);
    expect(await admittedOf(processes, '203.0.113.7', 3 * LIMIT)).toBe(LIMIT);
    // A first process's memory was not where they were counted: a third process sees the same counts.
    const third = open(REDIS_URL, prefix);
    await third.ready();
    expect(await admittedOf([third], '203.0.113.7', 1)).toBe(0);
    const otherDeployment = open(REDIS_URL, `navout-test-${randomUUID()}`);
    await otherDeployment.ready();
    expect(await admittedOf([otherDeployment], '203.0.113.7', 3 * LIMIT)).toBe(LIMIT);
  });

  it('with Redis not answering: counts in this process, still exactly N, and says so in the log', async () => {
    const logger = { warn: vi.fn() };
    const nobody = `redis://127.0.0.1:${await freePort()}`;
    const store = open(nobody, `navout-test-${randomUUID()}`, logger);
    expect(store.kind).toBe('redis');
    expect(await admittedOf([store], '192.0.2.1', 3 * LIMIT)).toBe(LIMIT);
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/^Redis is not answering/)));
  });
});
