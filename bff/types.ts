import type { DefaultContext, Middleware, ParameterizedContext } from 'koa';
import type { Permission, Role } from '@domain/auth/roles';
import type { Company, User } from './entities';

/** The signed-in user as every guard and service sees them, loaded from the database per request. */
export interface Actor {
  id: string;
  role: Role;
  companyId: string;
  permissions: Permission[];
  /** Role admin or admin:all, in the internal company: reaches every company. */
  isGlobalAdmin: boolean;
  user: User;
  company: Company;
}

export interface SessionClaims {
  sub?: unknown;
  exp?: unknown;
  ver?: unknown;
}

export interface AppState {
  /** The verified claims of the bearer token, set by koa-jwt. */
  jwt?: SessionClaims;
  jwtOriginalError?: Error;
  actor?: Actor;
  /** Why a presented token does not authenticate anyone; answered by requireAuth. */
  authFailure?: Error;
  /** Resources loaded by the tenant guards, already checked against the actor's reach. */
  company?: Company;
  targetUser?: User;
  /** The raw body of an image upload. */
  upload?: Buffer;
}

export type AppContext = ParameterizedContext<AppState, DefaultContext>;
export type AppMiddleware = Middleware<AppState, DefaultContext>;
