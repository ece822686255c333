/**
 * Tenant scoping. The company is always derived from the resource being touched, never from the
 * request body. A global admin reaches every company; anyone else only their own, and another
 * company's ids answer 404, exactly like ids that do not exist.
 */
import type { Orm } from '../db';
import { Company, User } from '../entities';
import type { Actor, AppMiddleware } from '../types';
import { actorOf } from './auth';
import { notFound } from './errors';

export const COMPANY_NOT_FOUND = notFound('Company not found', 'No company with this id exists in your reach.');
export const USER_NOT_FOUND = notFound('User not found', 'No user with this id exists in your reach.');

export function canReachCompany(actor: Actor, companyId: string): boolean {
  return actor.isGlobalAdmin || actor.companyId === companyId;
}

/** The company a list is scoped to: a global admin's filter (undefined: all), otherwise their own. */
export function scopedCompanyFilter(actor: Actor, requested: unknown): string | undefined {
  if (!actor.isGlobalAdmin) return actor.companyId;
  if (typeof requested !== 'string' || requested === '' || requested === 'all') return undefined;
  return requested;
}

export async function findCompanyInReach(orm: Orm, actor: Actor, companyId: string): Promise<Company> {
  const company = canReachCompany(actor, companyId) ? await orm.em.findOne(Company, { id: companyId }) : null;
  if (!company) throw COMPANY_NOT_FOUND;
  return company;
}

export async function findUserInReach(orm: Orm, actor: Actor, userId: string): Promise<User> {
  const user = await orm.em.findOne(User, { id: userId });
  if (!user || !canReachCompany(actor, user.companyId)) throw USER_NOT_FOUND;
  return user;
}

/** Loads the company named by a route parameter into ctx.state.company, within the actor's reach. */
export function requireCompanyAccess(orm: Orm, param = 'id'): AppMiddleware {
  return async function loadCompanyInReach(ctx, next) {
    const id = (ctx as { params?: Record<string, string> }).params?.[param] ?? '';
    ctx.state.company = await findCompanyInReach(orm, actorOf(ctx), id);
    return next();
  };
}

/** Loads the user named by a route parameter into ctx.state.targetUser, within the actor's reach. */
export function requireUserAccess(orm: Orm, param = 'id'): AppMiddleware {
  return async function loadUserInReach(ctx, next) {
    const id = (ctx as { params?: Record<string, string> }).params?.[param] ?? '';
    ctx.state.targetUser = await findUserInReach(orm, actorOf(ctx), id);
    return next();
  };
}
