/**
 * Tenant scoping. The company is always derived from the resource being touched, never from the
 * request. A global admin reaches every company; any other caller (a user or an API key) only
 * their own, and another company's ids answer 404, exactly like ids that do not exist.
 *
 * Every route that names a row by a path parameter loads it with `inReach(Entity)`: one line, and
 * the company check cannot be forgotten.
 */
import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/core';
import type { Actor, AppContext, AppMiddleware } from '../types';
import { actorOf } from './auth';
import { apiError, type ErrorDetails } from '../platform/errors';
import { requestEntityManager } from '../platform/requestScope';

/** The company a list is scoped to: a global admin's filter (undefined: all), otherwise their own. */
export function companyScope(actor: Actor, requested: string | undefined): string | undefined {
  if (!actor.isGlobalAdmin) return actor.companyId;
  if (!requested || requested === 'all') return undefined;
  return requested;
}

/**
 * The column that names a row's company: `companyId` on everything a company owns, and the
 * company's own id for companies.
 */
function tenantKeyOf<Entity extends object>(em: EntityManager, entity: EntityName<Entity>): string {
  const meta = em.getMetadata().find(entity);
  if (!meta) throw new Error(`Unknown entity ${String(entity)}`);
  if (meta.props.some((prop) => prop.name === 'companyId')) return 'companyId';
  if (meta.className === 'Company') return 'id';
  throw new Error(`${meta.className} has no companyId, so its tenant cannot be checked`);
}

/** The row with this id if the actor reaches its company; otherwise a 404 that reveals nothing. */
export async function findInReach<Entity extends object>(
  em: EntityManager,
  actor: Actor,
  entity: EntityName<Entity>,
  id: string,
  notFound: ErrorDetails,
): Promise<Entity> {
  const key = tenantKeyOf(em, entity);
  const where: Record<string, string> = { id };
  if (!actor.isGlobalAdmin) {
    if (key === 'id' && id !== actor.companyId) throw apiError('not_found', notFound);
    where[key] = actor.companyId;
  }
  const found = await em.findOne(entity, where as FilterQuery<Entity>);
  if (!found) throw apiError('not_found', notFound);
  return found;
}

export interface ReachGuard<Entity> extends AppMiddleware {
  /** The row this guard loaded for the current request. */
  of(ctx: AppContext): Entity;
}

/**
 * A route guard that loads the row named by the path parameter `param` into the request, within
 * the actor's reach; `guard.of(ctx)` returns it, typed.
 */
export function inReach<Entity extends object>(
  entity: EntityName<Entity>,
  notFound: ErrorDetails,
  param = 'id',
): ReachGuard<Entity> {
  const guard = (async (ctx, next) => {
    const id = (ctx as { params?: Record<string, string> }).params?.[param] ?? '';
    const row = await findInReach(requestEntityManager(), actorOf(ctx), entity, id, notFound);
    (ctx.state.inReach ??= new Map()).set(guard, row);
    return next();
  }) as ReachGuard<Entity>;
  guard.of = (ctx) => {
    const row = ctx.state.inReach?.get(guard);
    if (!row) throw new Error('The route reads a row its inReach guard did not load');
    return row as Entity;
  };
  return guard;
}

/**
 * The company a new row is written for: a global admin names it (their "View Data For" choice,
 * which must be one company), everyone else writes for their own company whatever they send.
 */
export function companyForWrite(actor: Actor, requested: string | null | undefined): string {
  if (!actor.isGlobalAdmin) {
    if (requested && requested !== actor.companyId) throw apiError('not_found', { message: 'No such company exists in your reach.' });
    return actor.companyId;
  }
  if (!requested) throw apiError('company_required');
  return requested;
}
