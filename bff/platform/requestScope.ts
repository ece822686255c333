/**
 * The request's EntityManager. The request middleware (middleware/requestContext.ts) opens a scope
 * per request and hands its EntityManager to the routes as `ctx.state.em`; the routes pass it to
 * the services. The ORM's `context` option (mikro-orm.config.ts) still asks contextEntityManager
 * for it, so the code not yet handed it explicitly reaches the same EntityManager through `orm.em`.
 * It lives apart from both so that the database set-up and the middleware need not import each other.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type EntityManager } from '@mikro-orm/core';

/** One request's way to the database: its EntityManager, forked the first time the request uses the ORM. */
export class RequestScope {
  private fork?: EntityManager;

  constructor(private readonly root: EntityManager) {}

  get name(): string {
    return this.root.name;
  }

  /**
   * The request's EntityManager, forked on first use (a request answered from the session snapshot
   * alone never pays for a fork). The fork is made outside the scope: forking asks for the context itself.
   */
  get em(): EntityManager {
    return (this.fork ??= scopes.exit(() => this.root.fork({ useContext: true })));
  }
}

const scopes = new AsyncLocalStorage<RequestScope>();

/**
 * The EntityManager MikroORM's `context` option asks for: the current request's, or outside a
 * request MikroORM's own RequestContext (start-up and seeding use it).
 */
export function contextEntityManager(name: string): EntityManager | undefined {
  const scope = scopes.getStore();
  if (scope && scope.name === name) return scope.em;
  return RequestContext.getEntityManager(name);
}

/** Runs `work` (the rest of a request) in its own scope of `root`, the ORM's global EntityManager. */
export function runInRequestScope<T>(root: EntityManager, work: (scope: RequestScope) => T): T {
  const scope = new RequestScope(root);
  return scopes.run(scope, () => work(scope));
}
