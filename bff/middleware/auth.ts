/**
 * Who is calling, decided once per request on a lean path: a session token (verified with a key
 * prepared at start-up) or an API key (found by its hash), then the caller's row and their company
 * (one prepared read, kept while no user, company or API key has changed: accountChanges.ts).
 * The current row decides on every request whether the caller may still act, so a suspension,
 * deletion, password reset, paused or revoked key takes effect at once. Routes then declare what
 * they need through the capability map (authorize).
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { JsonType, ReferenceKind, type EntityMetadata, type EntityProperty } from '@mikro-orm/core';
import jwt from 'jsonwebtoken';
import { allows, CAPABILITIES, describeCapability, type Capability } from '@domain/access/capabilities';
import { API_KEY_HEADER, API_KEY_SCOPES } from '@domain/apiKeys';
import { isGlobalAdmin, isPermission } from '@domain/auth/roles';
import type { Config } from '../config';
import { keptWhileAccountsUnchanged, type AccountChanges } from '../platform/accountChanges';
import { preparedRowReader } from '../platform/preparedRows';
import { ApiKey, Company, User } from '../entities';
import { isWellFormedApiKey } from '../platform/apiKeys';
import { hashSecret } from '../platform/secrets';
import type { Actor, AppContext, AppMiddleware, CompanySnapshot, Orm, UserActor, UserSnapshot } from '../types';
import { apiError, HttpError } from '../platform/errors';

const BEARER = /^Bearer ([A-Za-z0-9_=-]+\.[A-Za-z0-9_=-]+\.[A-Za-z0-9_=-]*)$/;

interface SessionClaims {
  sub: string;
  ver: number;
  /** Expiry, in milliseconds since the epoch. */
  expiresAt: number;
}

/** Tokens already verified, by their exact text: a dashboard sends the same token many times. */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Verifies a session token: HS256 only, our issuer and audience, an expiry, a subject and a
 * session version. A token seen before is not verified again, only its expiry checked: the same
 * bytes give the same answer (whether its user may still act is read from the database anyway).
 */
export function sessionTokenVerifier(config: Pick<Config, 'jwt'>): (token: string) => SessionClaims | null {
  // A KeyObject made once: given a string, jsonwebtoken would first try (and fail) to parse it as
  // a public key on every call, which costs more than the signature check itself.
  const key: KeyObject = createSecretKey(Buffer.from(config.jwt.secret));
  const options: jwt.VerifyOptions = { algorithms: ['HS256'], issuer: config.jwt.issuer, audience: config.jwt.audience };
  const verified = new Map<string, SessionClaims>();

  function verify(token: string): SessionClaims | null {
    try {
      const claims = jwt.verify(token, key, options);
      if (typeof claims !== 'object' || claims === null) return null;
      // jsonwebtoken accepts a token without exp; a session token must expire.
      const { sub, exp, ver } = claims as { sub?: unknown; exp?: unknown; ver?: unknown };
      if (typeof sub !== 'string' || typeof exp !== 'number' || typeof ver !== 'number') return null;
      return { sub, ver, expiresAt: exp * 1000 };
    } catch {
      return null;
    }
  }

  return (token) => {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known;
      verified.delete(token);
      return null;
    }
    const claims = verify(token);
    if (claims) {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
      verified.set(token, claims);
    }
    return claims;
  };
}

type Convert = (value: unknown) => unknown;

/** How a stored value becomes the entity's value: SQLite keeps booleans as 0/1, dates as numbers and JSON as text. */
function converterFor(prop: EntityProperty): Convert {
  if (prop.customType instanceof JsonType || prop.type === 'json') {
    return (value) => (typeof value === 'string' ? JSON.parse(value) : value);
  }
  if (prop.runtimeType === 'boolean') return (value) => (value == null ? value : value === true || value === 1 || value === '1');
  if (prop.runtimeType === 'Date') {
    return (value) => (value == null || value instanceof Date ? value : new Date(value as string | number));
  }
  return (value) => value;
}

interface Column {
  prop: string;
  field: string;
  convert: Convert;
}

/** Which of an entity's columns a reader takes: all but `omit`, or `only` these. */
type ColumnChoice = { omit?: readonly string[]; only?: readonly string[] };

/** The stored columns of an entity: no relations to other tables, nothing lazy, nothing secret. */
function columnsOf(meta: EntityMetadata, { omit = [], only }: ColumnChoice = {}): Column[] {
  return meta.props
    .filter((prop) => (prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE) && !prop.lazy)
    .filter((prop) => !omit.includes(prop.name) && (!only || only.includes(prop.name)))
    .map((prop) => ({ prop: prop.name, field: prop.fieldNames[0], convert: converterFor(prop) }));
}

/** The plain object of `columns`, read from `row` starting at `offset`. */
function readColumns<T>(row: unknown[], columns: Column[], offset: number): T {
  const snapshot: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index++) snapshot[columns[index].prop] = columns[index].convert(row[offset + index]);
  return snapshot as T;
}

/**
 * One prepared read: a row of `entity` found by one of its columns, with its company (left
 * joined, so a missing company still reads as "company not active"), as plain snapshots.
 */
function callerReader<Caller>(orm: Orm, name: string, entity: typeof User | typeof ApiKey, byProp: string, choice: ColumnChoice = {}) {
  const metadata = orm.getMetadata();
  const platform = orm.config.getPlatform();
  const quote = (identifier: string) => platform.quoteIdentifier(identifier);
  const own = metadata.get(entity.meta.className);
  const company = metadata.get(Company.meta.className);
  const ownColumns = columnsOf(own, choice);
  const companyColumns = columnsOf(company);
  const select = [...ownColumns.map((c) => `k.${quote(c.field)}`), ...companyColumns.map((c) => `c.${quote(c.field)}`)];
  const byField = own.properties[byProp as keyof typeof own.properties].fieldNames[0];
  const sql =
    `select ${select.join(', ')} from ${quote(own.tableName)} k ` +
    `left join ${quote(company.tableName)} c on c.${quote('id')} = k.${quote('company_id')} ` +
    `where k.${quote(byField)} = ?`;
  const read = preparedRowReader(orm, name, sql);
  return async (value: string): Promise<{ caller: Caller; company: CompanySnapshot | null } | null> => {
    const row = await read(value);
    if (!row) return null;
    const companyRow = readColumns<CompanySnapshot>(row, companyColumns, ownColumns.length);
    return { caller: readColumns<Caller>(row, ownColumns, 0), company: companyRow.id == null ? null : companyRow };
  };
}

/** The signed-in user and their company by the user's id (never with the password hash). */
export function sessionUserReader(orm: Orm) {
  return callerReader<UserSnapshot>(orm, 'navout_session_user', User, 'id', { omit: ['passwordHash'] });
}

/**
 * The session user's row and company, kept in memory while no user or company row has changed since
 * they were read: a dashboard calls as the same user many times a minute, and reading the row was
 * about a fifth of a signed-in request's time on SQLite and half on PostgreSQL (its round trip).
 * Each request still acts on the current row (accountChanges.ts).
 */
export function keptSessionUserReader(orm: Orm, changes: AccountChanges) {
  return keptWhileAccountsUnchanged(sessionUserReader(orm), changes);
}

/** Why this user may not act now, or null when they may. */
export function accountFailure(user: Pick<UserSnapshot, 'status'>, company: Pick<CompanySnapshot, 'status'> | null): HttpError | null {
  if (user.status === 'suspended') return apiError('account_suspended');
  if (user.status === 'invited') return apiError('account_not_activated');
  if (!company || company.status !== 'active') return apiError('company_inactive');
  return null;
}

export function userActor(user: UserSnapshot, company: CompanySnapshot): UserActor {
  const permissions = user.permissions.filter(isPermission);
  return {
    kind: 'user',
    id: user.id,
    role: user.role,
    companyId: user.companyId,
    permissions,
    isGlobalAdmin: isGlobalAdmin({ role: user.role, permissions }, company),
    user,
    company,
  };
}

/** What decides whether a key authenticates (the columns whose changes count as account changes). */
const API_KEY_COLUMNS = ['id', 'companyId', 'scopes', 'isActive', 'revokedAt', 'expiresAt', 'purpose'] as const;
type ApiKeySnapshot = Pick<ApiKey, (typeof API_KEY_COLUMNS)[number]>;

/**
 * An API key's row and company by the token's hash, kept in memory while no account (user, company
 * or key) has changed: integrators call with the same key many times a second, and each call read
 * the key with every column of its company (a round trip on PostgreSQL). The kept row still
 * decides each call (and a Live Test key's expiry is checked against the clock), so a pause or
 * revocation takes effect at once.
 */
export function keptApiKeyReader(orm: Orm, changes: AccountChanges) {
  return keptWhileAccountsUnchanged(callerReader<ApiKeySnapshot>(orm, 'navout_api_key', ApiKey, 'tokenHash', { only: API_KEY_COLUMNS }), changes);
}

/**
 * Sets ctx.state.actor for a valid session token or API key, or ctx.state.authFailure for
 * presented credentials that no longer work. Anonymous requests pass on; each route's guard
 * decides whether it needs someone.
 */
export function authenticate(config: Pick<Config, 'jwt'>, orm: Orm, accountChanges: AccountChanges): AppMiddleware {
  const verifyToken = sessionTokenVerifier(config);
  const readUser = keptSessionUserReader(orm, accountChanges);
  const readApiKey = keptApiKeyReader(orm, accountChanges);

  async function sessionActor(authorization: string): Promise<Actor | HttpError> {
    const token = BEARER.exec(authorization)?.[1];
    const claims = token ? verifyToken(token) : null;
    const found = claims ? await readUser(claims.sub) : null;
    if (!claims || !found || found.caller.sessionVersion !== claims.ver) return apiError('session_ended');
    const failure = accountFailure(found.caller, found.company);
    // 401, not 403: the token no longer authenticates anyone, so the dashboard signs out and shows why.
    if (failure) return new HttpError(401, failure.code, failure.error, failure.detail);
    return userActor(found.caller, found.company!);
  }

  async function apiKeyActor(ctx: AppContext, key: string): Promise<Actor | HttpError> {
    const found = isWellFormedApiKey(key) ? await readApiKey(hashSecret(key)) : null;
    if (!found) return apiError('invalid_api_key');
    const refuse = (failure: HttpError) => {
      ctx.state.refusedApiKey = { id: found.caller.id, companyId: found.caller.companyId };
      return failure;
    };
    if (found.caller.revokedAt) return refuse(apiError('invalid_api_key'));
    // A Live Test key lapses on its own: refused like a revoked one.
    if (found.caller.expiresAt && new Date(found.caller.expiresAt).getTime() <= Date.now()) return refuse(apiError('invalid_api_key'));
    if (!found.caller.isActive) return refuse(apiError('api_key_paused'));
    if (!found.company || found.company.status !== 'active') return refuse(apiError('company_inactive'));
    // Stored JSON is checked, not trusted: an unknown scope grants nothing.
    const scopes = found.caller.scopes.filter((scope) => API_KEY_SCOPES.includes(scope));
    return { kind: 'apiKey', id: found.caller.id, companyId: found.caller.companyId, scopes, sandbox: found.caller.purpose === 'test', isGlobalAdmin: false };
  }

  return async function identifyCaller(ctx, next) {
    const authorization = ctx.get('authorization');
    const apiKey = ctx.get(API_KEY_HEADER);
    if (authorization && apiKey) {
      ctx.state.authFailure = apiError('ambiguous_credentials');
    } else if (authorization || apiKey) {
      const result = authorization ? await sessionActor(authorization) : await apiKeyActor(ctx, apiKey);
      if (result instanceof Error) ctx.state.authFailure = result;
      else ctx.state.actor = result;
    }
    return next();
  };
}

export function actorOf(ctx: AppContext): Actor {
  const actor = ctx.state.actor;
  if (!actor) throw ctx.state.authFailure ?? apiError('authentication_required');
  return actor;
}

/** The signed-in user of a route whose capability only users have. */
export function userActorOf(ctx: AppContext): UserActor {
  const actor = actorOf(ctx);
  if (actor.kind !== 'user') throw apiError('access_denied', { message: 'This action needs a signed-in user.' });
  return actor;
}

/** Why nobody may call a route: an API-key route asks for a key in its header, any other for a sign-in. */
function anonymousFailure(capability: Capability): HttpError {
  return CAPABILITIES[capability].kind === 'apiKey' ? apiError('api_key_required') : apiError('authentication_required');
}

/** The guard of a route: its capability from the capability map (src/domain/access). */
export function authorize(capability: Capability): AppMiddleware {
  if (capability === 'public') return (_ctx, next) => next();
  return async function checkCapability(ctx, next) {
    const actor = ctx.state.actor;
    if (!allows(capability, actor ?? null)) {
      if (!actor) throw ctx.state.authFailure ?? anonymousFailure(capability);
      throw apiError('access_denied', { message: describeCapability(capability) });
    }
    return next();
  };
}
