/**
 * Authentication and the guards routes declare. A token proves who signed in; the user row,
 * read on every request, decides whether they may still act: a suspended or deleted user's
 * token stops working at once.
 */
import { createSecretKey } from 'node:crypto';
import { ReferenceKind, type EntityManager } from '@mikro-orm/core';
import koaJwt from 'koa-jwt';
import { hasPermission, isGlobalAdmin, isPermission, roleSatisfies, type Permission, type Role } from '@domain/auth/roles';
import type { Config } from '../config';
import type { Orm } from '../db';
import { Company, User } from '../entities';
import { ACCOUNT_STATUS_FAILURES, COMPANY_INACTIVE } from '../modules/auth/messages';
import type { Actor, AppContext, AppMiddleware } from '../types';
import { forbidden, HttpError, unauthorized } from './errors';

const AUTHENTICATION_REQUIRED = unauthorized('Authentication required', 'Sign in to continue.');
const SESSION_ENDED = unauthorized('Session expired', 'Your session is no longer valid. Please sign in again.');

/** Verifies the bearer token (HS256 only, issuer, audience, expiry); anonymous requests pass on. */
export function verifySessionToken(config: Pick<Config, 'jwt'>): AppMiddleware {
  const verify = koaJwt({
    // A KeyObject, not a string: given a string, jsonwebtoken first tries (and fails) to parse it
    // as a public key on every request, which costs more than the signature check itself.
    secret: createSecretKey(Buffer.from(config.jwt.secret)) as unknown as string,
    algorithms: ['HS256'],
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
    key: 'jwt',
    passthrough: true,
  });
  // Without a token there is nothing to verify; koa-jwt would still build and catch an error.
  return function verifyPresentedToken(ctx, next) {
    return ctx.get('authorization') ? verify(ctx, next) : next();
  };
}

export function buildActor(user: User, company: Company): Actor {
  const permissions = user.permissions.filter(isPermission);
  return {
    id: user.id,
    role: user.role,
    companyId: user.companyId,
    permissions,
    isGlobalAdmin: isGlobalAdmin({ role: user.role, permissions }, company),
    user,
    company,
  };
}

/** Why this user may not act now, or null when they may. */
export function accountFailure(user: User, company: Company | null): HttpError | null {
  const statusFailure = ACCOUNT_STATUS_FAILURES[user.status];
  if (statusFailure) return forbidden(statusFailure.error, statusFailure.message);
  if (!company || company.status !== 'active') return forbidden(COMPANY_INACTIVE, COMPANY_INACTIVE);
  return null;
}

/**
 * Reads a user and their company in one query. This runs on every authenticated request, where
 * two ORM look-ups cost three times as much. The row is merged into the request's EntityManager,
 * so routes change and flush the user and company like any entity they loaded themselves.
 */
export function userWithCompanyLoader(orm: Orm) {
  const platform = orm.em.getPlatform();
  const quote = (name: string) => platform.quoteIdentifier(name);
  const columnsOf = (entity: typeof User | typeof Company, alias: string) =>
    orm
      .getMetadata()
      .get(entity.name)
      .props.filter((prop) => prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE)
      .flatMap((prop) => prop.fieldNames)
      .map((column) => ({ column, select: `${alias}.${quote(column)} as ${quote(`${alias}_${column}`)}` }));
  const userColumns = columnsOf(User, 'u');
  const companyColumns = columnsOf(Company, 'c');
  const table = (entity: typeof User | typeof Company) => quote(orm.getMetadata().get(entity.name).tableName);
  const sql =
    `select ${[...userColumns, ...companyColumns].map((c) => c.select).join(', ')} ` +
    `from ${table(User)} u left join ${table(Company)} c on c.${quote('id')} = u.${quote('company_id')} ` +
    `where u.${quote('id')} = ?`;
  const pick = (row: Record<string, unknown>, alias: string, columns: { column: string }[]) =>
    Object.fromEntries(columns.map(({ column }) => [column, row[`${alias}_${column}`]]));

  return async function findUserWithCompany(
    em: EntityManager,
    userId: string,
  ): Promise<{ user: User; company: Company | null } | null> {
    const row = await em.getConnection().execute<Record<string, unknown> | undefined>(sql, [userId], 'get');
    if (!row) return null;
    const user = em.map(User, pick(row, 'u', userColumns));
    const company = row.c_id == null ? null : em.map(Company, pick(row, 'c', companyColumns));
    return { user, company };
  };
}

export function loadActor(orm: Orm): AppMiddleware {
  const findUserWithCompany = userWithCompanyLoader(orm);
  return async function loadSignedInUser(ctx, next) {
    const claims = ctx.state.jwt;
    // koa-jwt also reports "no token" as an error when passing through; that is simply anonymous.
    const presentedToken = Boolean(ctx.get('authorization'));
    if (!presentedToken) {
      delete ctx.state.jwt;
    } else if (ctx.state.jwtOriginalError) {
      ctx.state.authFailure = SESSION_ENDED;
    } else if (claims) {
      const userId = typeof claims.sub === 'string' ? claims.sub : null;
      // jsonwebtoken accepts a token without exp; a session token must expire.
      const valid = userId && typeof claims.exp === 'number' && typeof claims.ver === 'number';
      const found = valid ? await findUserWithCompany(orm.em, userId) : null;
      if (!found || found.user.sessionVersion !== claims.ver) {
        ctx.state.authFailure = SESSION_ENDED;
      } else {
        const { user, company } = found;
        const failure = accountFailure(user, company);
        // 401, not 403: the token no longer authenticates anyone, so the dashboard signs out and
        // shows why.
        if (failure) ctx.state.authFailure = unauthorized(failure.error, failure.detail);
        else ctx.state.actor = buildActor(user, company!);
      }
    }
    return next();
  };
}

export function actorOf(ctx: AppContext): Actor {
  const actor = ctx.state.actor;
  if (!actor) throw ctx.state.authFailure ?? AUTHENTICATION_REQUIRED;
  return actor;
}

export const requireAuth: AppMiddleware = async (ctx, next) => {
  actorOf(ctx);
  return next();
};

export function requirePermission(permission: Permission): AppMiddleware {
  return async function checkPermission(ctx, next) {
    if (!hasPermission(actorOf(ctx), permission)) {
      throw forbidden('Access denied', `This action needs the ${permission} permission.`);
    }
    return next();
  };
}

/** admin satisfies every role, company_admin satisfies company_admin and user. */
export function requireRole(role: Role): AppMiddleware {
  return async function checkRole(ctx, next) {
    const actor = actorOf(ctx);
    if (!actor.isGlobalAdmin && !roleSatisfies(actor.role, role)) {
      throw forbidden('Access denied', `This action needs the ${role} role.`);
    }
    return next();
  };
}

export const requireGlobalAdmin: AppMiddleware = async (ctx, next) => {
  if (!actorOf(ctx).isGlobalAdmin) throw forbidden('Access denied', 'Only a global admin can do this.');
  return next();
};
