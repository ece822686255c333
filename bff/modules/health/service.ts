/**
 * What the health checks look at. Live: the process answers. Ready: the database answers and
 * accepts a write (one row of health_checks written again, committed, so a full disk or a
 * read-only database fails it), every migration is applied, and Redis answers when REDIS_URL is
 * set. The health check (/api/health) is the database's reads and writes alone.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Migrator } from '@mikro-orm/migrations';
import { isDatabaseUp } from '../../db';
import { HealthCheck } from '../../entities';
import type { CounterStore } from '../../platform/counters';
import type { Orm } from '../../types';

/** The row the write probe writes again. */
const PROBE_ROW = 'write-probe';
/**
 * A write still waiting by then is busy, not refused: on SQLite a long import's transaction holds
 * the one connection, and a server that answers every read must not be reported as failing.
 */
const WRITE_TIMEOUT_MS = 3_000;
const WRITE_TIMED_OUT = 'The write took too long';

/** What the write probe found: committed, refused by the database, or still waiting for it. */
type WriteOutcome = 'ok' | 'failing' | 'busy';

export type HealthReport =
  | { status: 'ok'; database: 'up' }
  | { status: 'degraded'; database: 'up'; reason: string }
  | { status: 'error'; database: 'down' };

export interface ReadinessReport {
  ready: boolean;
  checks: { database: 'up' | 'down'; writes: 'ok' | 'failing' | 'unknown'; migrations: 'applied' | 'pending' | 'unknown'; redis?: 'up' | 'down' };
  /** Why not ready, in words; empty when ready. */
  reasons: string[];
}

const WRITES_REFUSED = 'The database answers but refuses writes (a full disk, a read-only database or replica)';

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The checks work in an EntityManager of their own (`fork`, the runtime's), never a request's:
 * they probe the database the service was built for, whichever app serves them.
 */
export function createHealthService(orm: Orm, fork: () => EntityManager, counters: Pick<CounterStore, 'redisAnswers'>, logger: Pick<Logger, 'warn'>) {
  // Checks arriving together share one write: a burst of probes is one write, not one each.
  let writing: Promise<WriteOutcome> | null = null;
  // Once applied, migrations stay applied for the life of the process.
  let migrationsApplied = false;

  const writeProbe = async (): Promise<WriteOutcome> => {
    try {
      await withTimeout(fork().upsert(HealthCheck, { id: PROBE_ROW, checkedAt: new Date() }), WRITE_TIMEOUT_MS, WRITE_TIMED_OUT);
      return 'ok';
    } catch (failure) {
      if (failure instanceof Error && failure.message === WRITE_TIMED_OUT) return 'busy';
      logger.warn({ err: failure }, 'The health check could not write to the database');
      return 'failing';
    }
  };

  const writable = (): Promise<WriteOutcome> =>
    (writing ??= writeProbe().finally(() => {
      writing = null;
    }));

  const migrationsPending = async (): Promise<boolean> => {
    if (migrationsApplied) return false;
    const pending = await (orm.getMigrator() as Migrator).getPendingMigrations();
    migrationsApplied = pending.length === 0;
    return !migrationsApplied;
  };

  return {
    databaseUp: (): Promise<boolean> => isDatabaseUp(fork()),

    /** The health check: the database answers, and accepts writes. */
    async health(): Promise<HealthReport> {
      if (!(await isDatabaseUp(fork()))) return { status: 'error', database: 'down' };
      if ((await writable()) === 'failing') return { status: 'degraded', database: 'up', reason: WRITES_REFUSED };
      return { status: 'ok', database: 'up' };
    },

    async readiness(): Promise<ReadinessReport> {
      const reasons: string[] = [];
      const checks: ReadinessReport['checks'] = { database: 'down', writes: 'unknown', migrations: 'unknown' };
      const redis = counters.redisAnswers();
      if (await isDatabaseUp(fork())) {
        checks.database = 'up';
        const [writes, pending] = await Promise.all([writable(), migrationsPending().catch(() => null)]);
        checks.writes = writes === 'busy' ? 'unknown' : writes;
        if (writes === 'failing') reasons.push(WRITES_REFUSED);
        if (pending !== null) checks.migrations = pending ? 'pending' : 'applied';
        if (pending !== false) reasons.push(pending ? 'Database migrations are pending' : 'The applied migrations could not be read');
      } else {
        reasons.push('The database does not answer');
      }
      if (redis) {
        checks.redis = (await redis) ? 'up' : 'down';
        if (checks.redis === 'down') reasons.push('Redis (REDIS_URL) does not answer');
      }
      return { ready: reasons.length === 0, checks, reasons };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
