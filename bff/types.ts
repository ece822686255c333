import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { DefaultContext, Middleware, ParameterizedContext } from 'koa';
import type { ApiKeyScope } from '@domain/apiKeys';
import type { Permission, Role } from '@domain/auth/roles';
import type { Company, User } from './entities';

/** The database: the ORM of the configured engine (bff/db.ts opens it). */
export type Orm = MikroORM;

/** An entity's stored fields as a plain, read-only object: what the request path reads without the ORM. */
export type Snapshot<Entity> = Readonly<{
  [Key in keyof Entity as Key extends string ? (Entity[Key] extends (...args: never[]) => unknown ? never : Key) : never]: Entity[Key];
}>;

export type UserSnapshot = Omit<Snapshot<User>, 'passwordHash'>;
export type CompanySnapshot = Snapshot<Company>;

/**
 * A signed-in user, read from the database on every request (so a suspension, deletion or
 * password reset takes effect at once). The user and company are plain snapshots: routes that
 * change them load the entities themselves.
 */
export interface UserActor {
  kind: 'user';
  id: string;
  role: Role;
  companyId: string;
  permissions: Permission[];
  /** Role admin or admin:all, in the internal company: reaches every company. */
  isGlobalAdmin: boolean;
  user: UserSnapshot;
  company: CompanySnapshot;
}

/** A program calling with an API key of one company. It reaches only that company. */
export interface ApiKeyActor {
  kind: 'apiKey';
  /** The key's id. */
  id: string;
  companyId: string;
  scopes: ApiKeyScope[];
  /** A Live Test key (purpose 'test'): its predict calls are not counted against the plan's monthly allowance. */
  sandbox: boolean;
  isGlobalAdmin: false;
}

/** Who is calling: every guard and service takes this. */
export type Actor = UserActor | ApiKeyActor;

export interface AppState {
  /**
   * The request's EntityManager (middleware/requestContext.ts), forked on first use: the one way a
   * route reaches the database, passed on to the services it calls.
   */
  readonly em: EntityManager;
  actor?: Actor;
  /** Why presented credentials do not authenticate anyone; answered by the route's guard. */
  authFailure?: Error;
  /** A known API key that was refused (paused, deleted, expired): its calls are still logged for its company. */
  refusedApiKey?: { id: string; companyId: string };
  /** Rows loaded by the tenant guards (inReach), already checked against the actor's reach. */
  inReach?: Map<object, unknown>;
  /** The validated query parameters of the route. */
  query?: Record<string, unknown>;
  /** The raw body of an image upload. */
  upload?: Buffer;
}

export type AppContext = ParameterizedContext<AppState, DefaultContext>;
export type AppMiddleware = Middleware<AppState, DefaultContext>;
