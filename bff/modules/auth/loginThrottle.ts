import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { CounterStore } from '../../platform/counters';
import { apiError, type HttpError } from '../../platform/errors';

const WINDOW_SECONDS = 15 * 60;
/** Failures from one address across all accounts: stops spraying many accounts from one place. */
export const FAILURES_PER_ADDRESS = 30;

/**
 * Limits failed sign-ins per account and address, and per address. Counters live in the
 * process's counter store (platform/counters.ts): Redis when set, so every replica counts together.
 *
 * An attempt is counted when it begins, before its password is checked: checking first and counting
 * after let a burst of parallel guesses all pass the check before the first one was counted. A
 * successful sign-in then clears its account counter and gives its address point back, and an
 * attempt whose password was never checked gives both back, so what stays counted is failures only.
 */
export class LoginThrottle {
  private readonly perAccount: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;

  constructor(store: CounterStore, failuresPerAccount: number) {
    this.perAccount = store.counters({ name: 'login-account', points: failuresPerAccount, duration: WINDOW_SECONDS });
    this.perAddress = store.counters({ name: 'login-address', points: FAILURES_PER_ADDRESS, duration: WINDOW_SECONDS });
  }

  private static accountKey(email: string, address: string): string {
    return `${email.toLowerCase()}|${address}`;
  }

  /** Counts one attempt on both counters; throws 429 (the account's wait first) when either is used up. */
  async countAttempt(email: string, address: string): Promise<void> {
    const accountKey = LoginThrottle.accountKey(email, address);
    // Both consumes start in the same tick; each counts and compares in one synchronous step.
    const [account, perAddress] = await Promise.allSettled([this.perAccount.consume(accountKey), this.perAddress.consume(address)]);
    if (account.status === 'fulfilled' && perAddress.status === 'fulfilled') return;
    // A refused attempt is not a failure: as before, it counts on neither counter.
    await this.giveBack(email, address);
    for (const outcome of [account, perAddress]) {
      if (outcome.status === 'fulfilled') continue;
      if (outcome.reason instanceof RateLimiterRes) throw tooManyAttempts(outcome.reason.msBeforeNext);
      throw outcome.reason;
    }
  }

  /** Undoes countAttempt for an attempt whose password was never checked. */
  async giveBack(email: string, address: string): Promise<void> {
    await Promise.all([returnPoint(this.perAccount, LoginThrottle.accountKey(email, address)), returnPoint(this.perAddress, address)]);
  }

  async recordSuccess(email: string, address: string): Promise<void> {
    await Promise.all([this.perAccount.delete(LoginThrottle.accountKey(email, address)), returnPoint(this.perAddress, address)]);
  }
}

/**
 * One point back, unless the counter has expired meanwhile: a reward on a missing key would start a
 * new window at -1, one attempt more than the limit.
 */
async function returnPoint(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints > 0) await limiter.reward(key);
}

function tooManyAttempts(msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const message = `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  return apiError('rate_limited', { error: message, message, headers: { 'Retry-After': String(seconds) } });
}
