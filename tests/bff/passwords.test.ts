import type { BinaryLike, ScryptOptions } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createTaskPool } from '@bff/platform/concurrency';
import { HttpError } from '@bff/platform/errors';
import {
  hashPassword,
  PASSWORD_CHECKS_AT_ONCE,
  PASSWORD_CHECKS_WAITING,
  PASSWORD_HASH_PARAMETERS,
  spendPasswordCheck,
  TIMING_DECOY_HASH,
  verifyPassword,
} from '@bff/platform/passwords';

type ScryptCallback = (error: Error | null, key: Buffer) => void;

/** While `hold` is set, scrypt calls are handed to it instead of being run: the test decides when each ends. */
const gate = vi.hoisted(() => ({ hold: null as null | ((password: string, keyLength: number, done: ScryptCallback) => void) }));

vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  function scrypt(password: BinaryLike, salt: BinaryLike, keyLength: number, options: ScryptOptions, done: ScryptCallback) {
    if (gate.hold) gate.hold(String(password), keyLength, done);
    else crypto.scrypt(password, salt, keyLength, options, done);
  }
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

/** Holds every scrypt call, counting how many run at once; `started(n)` resolves once n have begun. */
function holdScrypt() {
  const calls: Array<{ password: string; finish: (error?: Error) => void }> = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let running = 0;
  let most = 0;
  gate.hold = (password, keyLength, done) => {
    running++;
    most = Math.max(most, running);
    calls.push({
      password,
      finish: (error) => {
        running--;
        done(error ?? null, Buffer.alloc(keyLength));
      },
    });
    for (const waiter of waiters.filter(({ count }) => calls.length >= count)) waiter.resolve();
  };
  return {
    calls,
    most: () => most,
    started: (count: number) =>
      calls.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    release: () => {
      gate.hold = null;
    },
  };
}

describe('password hashing', () => {
  it('uses scrypt at N=2^17, r=8, p=1 with a 16-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('Correct-Horse-1');
    const [, algorithm, parameters, salt, key] = hash.split('$');
    expect(algorithm).toBe('scrypt');
    expect(parameters).toBe('ln=17,r=8,p=1');
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(64);
    expect(await verifyPassword('Correct-Horse-1', hash)).toBe(true);
    expect(await verifyPassword('correct-horse-1', hash)).toBe(false);
    expect(await hashPassword('Correct-Horse-1')).not.toBe(hash);
  });

  it('refuses malformed or absurdly expensive stored hashes without throwing', async () => {
    expect(await verifyPassword('x', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('x', '$scrypt$ln=30,r=8,p=1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });

  it('keeps the timing decoy at the current cost', async () => {
    expect(TIMING_DECOY_HASH.startsWith(`$scrypt$${PASSWORD_HASH_PARAMETERS}$`)).toBe(true);
    expect(await verifyPassword('anything', TIMING_DECOY_HASH)).toBe(false);
  });
});

describe('the password pool', () => {
  it('runs at most PASSWORD_CHECKS_AT_ONCE derivations at once, the rest in arrival order', async () => {
    expect(PASSWORD_CHECKS_AT_ONCE).toBeGreaterThanOrEqual(1);
    const scrypt = holdScrypt();
    try {
      const total = PASSWORD_CHECKS_AT_ONCE + 6;
      // Hashing, checking and the decoy check all share the pool.
      const work = Array.from({ length: total }, (_, index) => {
        const password = `guess-${index}`;
        if (index % 3 === 0) return hashPassword(password);
        if (index % 3 === 1) return verifyPassword(password, TIMING_DECOY_HASH);
        return spendPasswordCheck(password);
      });
      await scrypt.started(PASSWORD_CHECKS_AT_ONCE);
      for (let finished = 0; finished < total; finished++) {
        expect(scrypt.calls.length).toBeLessThanOrEqual(finished + PASSWORD_CHECKS_AT_ONCE);
        scrypt.calls[finished].finish();
        await scrypt.started(Math.min(total, finished + 1 + PASSWORD_CHECKS_AT_ONCE));
      }
      await Promise.all(work);
      expect(scrypt.most()).toBe(PASSWORD_CHECKS_AT_ONCE);
      expect(scrypt.calls.map(({ password }) => password)).toEqual(Array.from({ length: total }, (_, index) => `guess-${index}`));
    } finally {
      scrypt.release();
    }
  });

  it('refuses at once, with 429 and Retry-After, when PASSWORD_CHECKS_WAITING already wait', async () => {
    const scrypt = holdScrypt();
    try {
      const admitted = PASSWORD_CHECKS_AT_ONCE + PASSWORD_CHECKS_WAITING;
      const work = Array.from({ length: admitted }, (_, index) => verifyPassword(`guess-${index}`, TIMING_DECOY_HASH));
      await scrypt.started(PASSWORD_CHECKS_AT_ONCE);
      const refusal = await verifyPassword('one-too-many', TIMING_DECOY_HASH).catch((failure: unknown) => failure);
      expect(refusal).toBeInstanceOf(HttpError);
      expect((refusal as HttpError).status).toBe(429);
      expect((refusal as HttpError).code).toBe('rate_limited');
      expect(Number((refusal as HttpError).headers?.['Retry-After'])).toBeGreaterThan(0);
      for (let finished = 0; finished < admitted; finished++) {
        scrypt.calls[finished].finish();
        await scrypt.started(Math.min(admitted, finished + 1 + PASSWORD_CHECKS_AT_ONCE));
      }
      expect(await Promise.all(work)).toEqual(Array.from({ length: admitted }, () => false));
      expect(scrypt.most()).toBe(PASSWORD_CHECKS_AT_ONCE);
    } finally {
      scrypt.release();
    }
  });

  it('frees the slot of a task that fails', async () => {
    const pool = createTaskPool(1, { maxWaiting: 5, refuse: () => new Error('full') });
    await expect(pool.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(pool.run(() => Promise.resolve('next'))).resolves.toBe('next');
    expect(() => createTaskPool(0, { maxWaiting: 0, refuse: () => new Error('full') })).toThrow();
  });
});
