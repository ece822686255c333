/**
 * Tenant scoping. The company is always derived from the resource being touched, never from the
 * request. A global admin reaches every company; any other caller (a user or an API key) only
 * their own, and another company's ids answer 404, exactly like ids that do not exist.
 *
 * Every route that names a row by a path parameter loads it with `inReach(Entity)`: one line, and
 * the company check cannot be forgotten.
 *
 * Every route that lets the caller name a company (`companyFilter` in the query, `companyId` in
 * the body) asks this file which company it reads or writes for, and nowhere else:
 * `companyToRead(ctx)` / `companyToList(ctx)` for the query, `companyToWrite(ctx, companyId)` for
 * a body, and `companyFor` / `companiesFor` underneath them for services. The rule: a global admin
 * may name any existing company (an unknown one is 404 not_found) or, for a list, 'all' (or
 * nothing); anyone else may name nothing, their own company or 'all' (their own), and naming
 * another company answers the same 404 not_found (COMPANY_OUT_OF_REACH), for reads and writes
 * alike: never their own data instead, never a 403.
 */
import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/core';
import { ALL_COMPANIES, companyFilterQuery } from '@domain/params';
import { Company } from '../entities';
import type { Actor, AppContext, AppMiddleware } from '../types';
import { actorOf } from './auth';
import { apiError, type ErrorDetails } from '../platform/errors';
import { queryOf } from './validate';

/** The one answer for a company the caller may not name: it does not exist, or is not theirs. */
export const COMPANY_OUT_OF_REACH = { error: 'Company not found', message: 'No such company exists in your reach.' } as const;

/** What a request names as its company: an id, 'all', or nothing (absent, null or empty). */
export type CompanyChoice = string | null | undefined;

/** Whether the choice names no company in particular: nothing, or 'all'. */
const namesNoCompany = (requested: CompanyChoice): requested is null | undefined | '' | typeof ALL_COMPANIES =>
  !requested || requested === ALL_COMPANIES;

/**
 * The company a caller other than a global admin acts for: their own, when they name nothing,
 * 'all' or their own company; naming any other company is a 404.
 */
function ownCompanyOf(actor: Actor, requested: CompanyChoice): string {
  if (!namesNoCompany(requested) && requested !== actor.companyId) throw apiError('not_found', COMPANY_OUT_OF_REACH);
  return actor.companyId;
}

/** A global admin's named company, if it exists. */
async function existingCompany(em: EntityManager, companyId: string): Promise<string> {
  const found = await em.findOne(Company, { id: companyId }, { fields: ['id'] });
  if (!found) throw apiError('not_found', COMPANY_OUT_OF_REACH);
  return found.id;
}

/**
 * The one company a request reads or writes for. A global admin must name one existing company
 * (nothing or 'all': 400 company_required); anyone else gets their own (see ownCompanyOf).
 */
export async function companyFor(em: EntityManager, actor: Actor, requested: CompanyChoice): Promise<string> {
  if (!actor.isGlobalAdmin) return ownCompanyOf(actor, requested);
  if (namesNoCompany(requested)) throw apiError('company_required');
  return existingCompany(em, requested);
}

/**
 * The company a list reads: a global admin's named company (which must exist), or undefined for
 * every company when they name nothing or 'all'; anyone else's own (see ownCompanyOf).
 */
export async function companiesFor(em: EntityManager, actor: Actor, requested: CompanyChoice): Promise<string | undefined> {
  if (!actor.isGlobalAdmin) return ownCompanyOf(actor, requested);
  if (namesNoCompany(requested)) return undefined;
  return existingCompany(em, requested);
}

/** The one company a read is for, from companyFilter: a route registered with `{ query: companyFilterQuery }` (or a schema extending it). */
export function companyToRead(ctx: AppContext): Promise<string> {
  return companyFor(ctx.state.em, actorOf(ctx), queryOf(ctx, companyFilterQuery).companyFilter);
}

/** The company a list is for, from companyFilter (undefined: every company, a global admin's alone). */
export function companyToList(ctx: AppContext): Promise<string | undefined> {
  return companiesFor(ctx.state.em, actorOf(ctx), queryOf(ctx, companyFilterQuery).companyFilter);
}

/** The company a write is for, from the body's companyId (or a global admin's companyFilter, passed in). */
export function companyToWrite(ctx: AppContext, requested: CompanyChoice): Promise<string> {
  return companyFor(ctx.state.em, actorOf(ctx), requested);
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
    const row = await findInReach(ctx.state.em, actorOf(ctx), entity, id, notFound);
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
