/**
 * The request-scoped EntityManager: the ORM's `context` option (mikro-orm.config.ts) asks
 * contextEntityManager for it, the request middleware (middleware/requestContext.ts) opens the
 * scope, and code with no ORM handle of its own reads requestEntityManager. It lives apart from
 * both so that the database set-up and the middleware need not import each other.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type EntityManager } from '@mikro-orm/core';

interface RequestScope {
  readonly root: EntityManager;
  fork?: EntityManager;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/**
 * The EntityManager of the current request, forked the first time the request uses the ORM (a
 * request answered from the session snapshot alone never pays for a fork); outside a request,
 * MikroORM's own RequestContext (start-up and seeding use it). MikroORM asks this through its
 * `context` option.
 */
export function contextEntityManager(name: string): EntityManager | undefined {
  const scope = scopes.getStore();
  // The fork is made outside the scope: forking asks for the context itself.
  if (scope && scope.root.name === name) return (scope.fork ??= scopes.exit(() => scope.root.fork({ useContext: true })));
  return RequestContext.getEntityManager(name);
}

/** The current request's EntityManager, for code that has no ORM handle of its own. */
export function requestEntityManager(): EntityManager {
  const scope = scopes.getStore();
  if (!scope) throw new Error('No request is running');
  return contextEntityManager(scope.root.name)!;
}

/** Runs `work` (the rest of a request) in its own scope of `root`, the ORM's global EntityManager. */
export function runInRequestScope<T>(root: EntityManager, work: () => T): T {
  return scopes.run({ root }, work);
}
