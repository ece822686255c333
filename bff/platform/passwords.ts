/**
 * Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1), stored as a
 * self-describing PHC string so the cost can be raised later without breaking older hashes.
 *
 * Every derivation goes through one bounded pool. scrypt runs on libuv's thread pool (4 threads
 * unless UV_THREADPOOL_SIZE says otherwise), which file reads, compression, DNS and the database
 * drivers share, and takes 128 MiB while it runs: unbounded, a burst of sign-ins took every thread
 * (a signed-in read waited 27 s) and over a gigabyte of memory.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createTaskPool } from './concurrency';
import { apiError } from './errors';

const LOG_N = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** scrypt needs 128 * N * r bytes (128 MiB here); Node's default ceiling is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;
/** Refuse absurd costs in a stored hash rather than exhaust memory. */
const MAX_LOG_N = 20;

export const PASSWORD_HASH_PARAMETERS = `ln=${LOG_N},r=${BLOCK_SIZE},p=${PARALLELISM}`;

const LIBUV_THREADS = Number.parseInt(process.env.UV_THREADPOOL_SIZE ?? '', 10) || 4;
/** Half of libuv's threads, at least one: the other half stays free for everyone else. */
export const PASSWORD_CHECKS_AT_ONCE = Math.max(1, Math.floor(LIBUV_THREADS / 2));
/**
 * Derivations allowed to wait for a slot; beyond them a caller is refused at once rather than wait
 * longer than anyone would (32 waiting at two at once are 16 scrypt runs in turn, seconds even idle).
 * Slots and queue together exceed the per-address sign-in limit, so one address alone cannot fill it.
 */
export const PASSWORD_CHECKS_WAITING = 32;
const BUSY_RETRY_SECONDS = 5;

const pool = createTaskPool(PASSWORD_CHECKS_AT_ONCE, {
  maxWaiting: PASSWORD_CHECKS_WAITING,
  refuse: () =>
    apiError('rate_limited', {
      error: 'Too many password checks at once',
      message: 'The server is busy checking passwords. Please try again in a few seconds.',
      headers: { 'Retry-After': String(BUSY_RETRY_SECONDS) },
    }),
});

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return pool.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, {
    N: 2 ** LOG_N,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: MAX_MEMORY,
  });
  return `$scrypt$${PASSWORD_HASH_PARAMETERS}$${b64(salt)}$${b64(key)}`;
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(encoded: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(encoded);
  if (!match) return null;
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (logN < 1 || logN > MAX_LOG_N || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { logN, r, p, salt: Buffer.from(match[4], 'base64'), key: Buffer.from(match[5], 'base64') };
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, {
    N: 2 ** parsed.logN,
    r: parsed.r,
    p: parsed.p,
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(key, parsed.key);
}

/**
 * A hash of a random password at the current cost. Checking a password against it takes as long
 * as a real check, so an unknown e-mail is not recognisable by the answer's timing.
 */
export const TIMING_DECOY_HASH =
  '$scrypt$ln=17,r=8,p=1$PynDph4cTgMRRQMvfwzfJQ$GMDeeYewygXYE7U9vXDsjLiDRg3OJ0MCv/76yz7t6+Z65UpNna5RcdXf3sJmxBWzERFN8uA9uIuecwNn0pS6Gg';

export async function spendPasswordCheck(password: string): Promise<false> {
  await verifyPassword(password, TIMING_DECOY_HASH);
  return false;
}
