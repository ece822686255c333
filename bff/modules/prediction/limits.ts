/**
 * The prediction API's two limits, decided in memory so a call costs no query:
 *
 * - The plan's monthly allowance: per company, the served predict calls of the calendar month
 *   (UTC) as the replicas' month totals held them at the last refresh (every QUOTA_REFRESH_MS, and at once
 *   for a company's first call or a new month), plus this replica's calls not yet written. Other
 *   replicas' calls show up after their next flush and our next refresh, so a Free company can
 *   overshoot 1,000 by at most what the other replicas serve in about FLUSH_INTERVAL_MS +
 *   QUOTA_REFRESH_MS; on one replica the stop is exact (in-flight calls hold a reservation).
 *
 * - The per-key rate limit: a fixed one-minute window. This replica's count is exact; the other
 *   replicas' counts of the same minute are read from their rollups (prediction_call_minutes,
 *   flushed every second) once a second. The limit is therefore global, lagging by about two
 *   seconds of the other replicas' traffic, with no write per call (the database-backed limiter
 *   of the survey widget, platform/rateLimit.ts, costs an upsert per request).
 */
import type { Logger } from 'pino';
import { HARD_STOP_PLANS, MONTHLY_CALL_ALLOWANCE, type PlanId } from '@domain/plans/plans';
import type { EntityManager } from '@mikro-orm/core';
import { Company, PredictionCallMinute, PredictionCallMonth } from '../../entities';
import { monthOf } from './callMinutes';
import { apiError } from '../../platform/errors';

export const QUOTA_REFRESH_MS = 5_000;
export const RATE_REFRESH_MS = 1_000;
const MINUTE_MS = 60_000;

interface CompanyQuota {
  month: string;
  plan: PlanId;
  /** Served calls the database held at the last refresh. */
  stored: number;
  /** Served here, not yet in the database. */
  unflushed: number;
  /** Admitted and still running. */
  reserved: number;
  refreshedAt: number;
  refreshing: Promise<void> | null;
}

export interface QuotaTicket {
  /** The call was served: it counts. */
  served(): void;
  /** The call failed: it does not count. */
  released(): void;
}

/**
 * A company's served predict calls of a month as the database holds them: the month totals every
 * replica wrote (a few rows), never a count of the calls.
 */
export async function servedCalls(em: EntityManager, companyId: string, month: string): Promise<number> {
  const rows = await em.find(PredictionCallMonth, { companyId, month }, { fields: ['served'] });
  return rows.reduce((total, row) => total + row.served, 0);
}

/** The company's plan and the served predict calls the database holds for the month of `at`. */
async function readQuota(em: EntityManager, companyId: string, at: Date): Promise<{ plan: PlanId; stored: number }> {
  const company = await em.findOne(Company, { id: companyId }, { fields: ['plan'] });
  return { plan: company?.plan ?? 'free', stored: await servedCalls(em, companyId, monthOf(at)) };
}

/** Reserves one call of the company's allowance, or answers 429 quota_exceeded (Free plan at its allowance). */
function reserveCall(state: CompanyQuota): QuotaTicket {
  const allowance = MONTHLY_CALL_ALLOWANCE[state.plan];
  if (allowance !== null && HARD_STOP_PLANS.has(state.plan) && state.stored + state.unflushed + state.reserved >= allowance) {
    throw apiError('quota_exceeded', {
      message: `This month's ${allowance.toLocaleString('en-US')} prediction calls of your plan are used up. Upgrade your plan on the Plans page to continue.`,
    });
  }
  state.reserved++;
  let settled = false;
  return {
    served() {
      if (settled) return;
      settled = true;
      state.reserved--;
      state.unflushed++;
    },
    released() {
      if (settled) return;
      settled = true;
      state.reserved--;
    },
  };
}

/** `fork` gives each read of the counts an EntityManager of its own (the runtime's): a refresh outlives the call that began it. */
export function createQuota(options: { fork: () => EntityManager; logger: Logger; now: () => Date }) {
  const { fork, logger, now } = options;
  const companies = new Map<string, CompanyQuota>();

  async function refresh(companyId: string, state: CompanyQuota): Promise<void> {
    const at = now();
    const { plan, stored } = await readQuota(fork(), companyId, at);
    state.plan = plan;
    state.stored = stored;
    state.refreshedAt = at.getTime();
  }

  async function stateOf(companyId: string): Promise<CompanyQuota> {
    const at = now();
    const month = monthOf(at);
    let state = companies.get(companyId);
    if (!state || state.month !== month) {
      const { plan, stored } = await readQuota(fork(), companyId, at);
      state = companies.get(companyId);
      if (!state || state.month !== month) {
        state = { month, plan, stored, unflushed: 0, reserved: 0, refreshedAt: at.getTime(), refreshing: null };
        companies.set(companyId, state);
      }
    } else if (at.getTime() - state.refreshedAt >= QUOTA_REFRESH_MS && !state.refreshing) {
      const current = state;
      current.refreshing = refresh(companyId, current)
        .catch((failure: unknown) => logger.warn({ err: failure, companyId }, 'Could not refresh the prediction quota'))
        .finally(() => {
          current.refreshing = null;
        });
    }
    return state;
  }

  return {
    /** Admits a predict call or answers 429 quota_exceeded (Free plan at its allowance). */
    async admit(companyId: string): Promise<QuotaTicket> {
      return reserveCall(await stateOf(companyId));
    },

    /** The call log wrote these served calls: they are in the database's count from now on. */
    flushed(servedByCompany: Map<string, number>): void {
      for (const [companyId, served] of servedByCompany) {
        const state = companies.get(companyId);
        if (!state) continue;
        state.unflushed = Math.max(0, state.unflushed - served);
        state.stored += served;
      }
    },

    /** This month's count as the quota sees it (tests and the Plans page). */
    async used(companyId: string): Promise<number> {
      const state = await stateOf(companyId);
      return state.stored + state.unflushed;
    },

    /** Forgets a company's counter, so the next call reads the database again (a plan change). */
    forget(companyId?: string): void {
      if (companyId) companies.delete(companyId);
      else companies.clear();
    },
  };
}

export type Quota = ReturnType<typeof createQuota>;

export interface RateLimitOptions {
  /** A new EntityManager for each read of the other replicas' counts (the runtime's fork): a read outlives the call that began it. */
  fork: () => EntityManager;
  logger: Logger;
  replicaId: string;
  now: () => Date;
  /** Calls per minute per key, over all replicas. */
  limit: number;
  /** This replica's calls of the key in the minute (the call log counts them). */
  localCalls: (apiKeyId: string, companyId: string, at: Date) => number;
}

export function createRateLimit(options: RateLimitOptions) {
  const { fork, logger, replicaId, now, limit, localCalls } = options;
  /** The other replicas' calls per key in `minute`. */
  let others = { minute: 0, byKey: new Map<string, number>(), readAt: 0 };
  let reading: Promise<void> | null = null;
  /** Calls admitted here since the call log last counted them: a call is logged when it ends. */
  const inFlight = new Map<string, number>();

  async function readOthers(minute: number): Promise<void> {
    const rows = await fork().find(
      PredictionCallMinute,
      { minute: new Date(minute), replicaId: { $ne: replicaId } },
      { fields: ['apiKeyId', 'calls'] },
    );
    const byKey = new Map<string, number>();
    for (const row of rows) byKey.set(row.apiKeyId, (byKey.get(row.apiKeyId) ?? 0) + row.calls);
    others = { minute, byKey, readAt: Date.now() };
  }

  function othersFor(apiKeyId: string, minute: number): number {
    if ((others.minute !== minute || Date.now() - others.readAt >= RATE_REFRESH_MS) && !reading) {
      reading = readOthers(minute)
        .catch((failure: unknown) => logger.warn({ err: failure }, 'Could not read the other replicas’ call counts'))
        .finally(() => {
          reading = null;
        });
    }
    return others.minute === minute ? (others.byKey.get(apiKeyId) ?? 0) : 0;
  }

  return {
    limit,
    /** Admits a call of the key or answers 429 rate_limited with Retry-After; `done` ends the admission. */
    admit(apiKeyId: string, companyId: string): { done(): void } {
      const at = now();
      const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
      const running = inFlight.get(apiKeyId) ?? 0;
      const total = localCalls(apiKeyId, companyId, at) + running + othersFor(apiKeyId, minute);
      if (total >= limit) {
        const seconds = Math.max(1, Math.ceil((minute + MINUTE_MS - at.getTime()) / 1000));
        throw apiError('rate_limited', {
          error: 'Too many requests',
          message: `This API key may make ${limit.toLocaleString('en-US')} calls per minute. Try again in ${seconds} s.`,
          headers: { 'Retry-After': String(seconds) },
        });
      }
      inFlight.set(apiKeyId, running + 1);
      let finished = false;
      return {
        done() {
          if (finished) return;
          finished = true;
          const left = (inFlight.get(apiKeyId) ?? 1) - 1;
          if (left > 0) inFlight.set(apiKeyId, left);
          else inFlight.delete(apiKeyId);
        },
      };
    },

    /** Reads the other replicas' counts now (tests; normally once a second on demand). */
    async refresh(): Promise<void> {
      await readOthers(Math.floor(now().getTime() / MINUTE_MS) * MINUTE_MS);
    },
  };
}

export type RateLimit = ReturnType<typeof createRateLimit>;
