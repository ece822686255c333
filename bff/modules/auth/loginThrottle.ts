import { RateLimiterMemory } from 'rate-limiter-flexible';
import { apiError, type HttpError } from '../../platform/errors';

const WINDOW_SECONDS = 15 * 60;
/** Failures from one address across all accounts: stops spraying many accounts from one place. */
export const FAILURES_PER_ADDRESS = 30;

/**
 * Limits failed sign-ins per account and address, and per address. Counters live in this
 * process's memory: with several replicas each counts on its own.
 */
export class LoginThrottle {
  private readonly perAccount: RateLimiterMemory;
  private readonly perAddress: RateLimiterMemory;

  constructor(failuresPerAccount: number) {
    this.perAccount = new RateLimiterMemory({ keyPrefix: 'login-account', points: failuresPerAccount, duration: WINDOW_SECONDS });
    this.perAddress = new RateLimiterMemory({ keyPrefix: 'login-address', points: FAILURES_PER_ADDRESS, duration: WINDOW_SECONDS });
  }

  private static accountKey(email: string, address: string): string {
    return `${email.toLowerCase()}|${address}`;
  }

  /** Throws 429 when either counter is used up. */
  async assertAllowed(email: string, address: string): Promise<void> {
    const checks: Array<[RateLimiterMemory, string]> = [
      [this.perAccount, LoginThrottle.accountKey(email, address)],
      [this.perAddress, address],
    ];
    for (const [limiter, key] of checks) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= limiter.points) throw tooManyAttempts(state.msBeforeNext);
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    // A rejection only means the counter is full; the next attempt is refused by assertAllowed.
    await Promise.allSettled([
      this.perAccount.consume(LoginThrottle.accountKey(email, address)),
      this.perAddress.consume(address),
    ]);
  }

  async recordSuccess(email: string, address: string): Promise<void> {
    await this.perAccount.delete(LoginThrottle.accountKey(email, address));
  }
}

function tooManyAttempts(msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const message = `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  return apiError('rate_limited', { error: message, message, headers: { 'Retry-After': String(seconds) } });
}
