/**
 * What every dashboard read starts from: whose figures (DashboardScope: one company or all of
 * them), the range a request asks for and its buckets in the scope's time zone, the services the
 * reads take (DashboardDeps: the ORM, the database kind and the clock; RequestDeps adds the
 * request's reads, which share its time budget: reads.ts), and the company condition a scope adds
 * to a query.
 */
import type { EntityManager } from '@mikro-orm/core';
import { FutureRangeError, resolveRange, type RangeRequest, type ResolvedRange } from '@domain/dashboard/buckets';
import { DASHBOARD_MESSAGES, DEFAULT_DASHBOARD_RANGE, type DashboardRange } from '@domain/dashboard/contract';
import { apiError } from '../../platform/errors';
import type { Orm } from '../../types';
import type { DatabaseKind } from '../../platform/sql';
import type { Read } from './reads';

/** Whose dashboard: one company, or every company together (a global admin's "All Companies"). */
export interface DashboardScope {
  companyId: string | null;
  name: string;
  timeZone: string;
}

export interface RangeQuery {
  range?: string;
  from?: string;
  to?: string;
}

export const ALL_COMPANIES_NAME = 'All Companies';

export interface DashboardDeps {
  /** The database's knex comes from it. */
  orm: Orm;
  /** The request's EntityManager. */
  em: EntityManager;
  kind: DatabaseKind;
  now: () => Date;
}

/** One request's dependencies: its reads share the request's time budget. */
export interface RequestDeps extends DashboardDeps {
  read: Read;
}

export function rangeRequestOf(query: RangeQuery): RangeRequest {
  const range = (query.range ?? DEFAULT_DASHBOARD_RANGE) as DashboardRange;
  return range === 'custom' ? { range, from: query.from, to: query.to } : { range };
}

/**
 * The request's range and buckets, cut in the scope's time zone at the clock's now. A custom range
 * starting after today is refused here: only the company's clock and time zone can tell.
 */
export function resolveScopeRange(now: () => Date, scope: DashboardScope, request: RangeQuery): ResolvedRange {
  try {
    return resolveRange(rangeRequestOf(request), now().getTime(), scope.timeZone);
  } catch (failure) {
    if (failure instanceof FutureRangeError) {
      throw apiError('validation_failed', { error: DASHBOARD_MESSAGES.customFuture, message: 'Check these fields: from.', fields: { from: DASHBOARD_MESSAGES.customFuture } });
    }
    throw failure;
  }
}


/** ` and company_id = ?` for one company's scope; nothing for all companies. */
export function companyClause(scope: DashboardScope, column = 'company_id'): { sql: string; params: unknown[] } {
  return scope.companyId ? { sql: ` and ${column} = ?`, params: [scope.companyId] } : { sql: '', params: [] as unknown[] };
}
