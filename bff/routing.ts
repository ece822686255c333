/**
 * How a module declares its routes. Each route is registered with its guard from the capability
 * map (src/domain/access/apiRoutes.ts) and the checks of its path and query
 * parameters, so no route can be served without either: a route missing from the map fails at
 * start-up, not in production.
 */
import { Router } from '@koa/router';
import type { AnyObjectSchema } from 'yup';
import { API_ROUTES, type ApiRoute } from '@domain/access/apiRoutes';
import type { Capability } from '@domain/access/capabilities';
import { PATH_PARAMS, type PathParam } from '@domain/params';
import { authorize } from './middleware/auth';
import { checkInput } from './middleware/validate';
import type { AppMiddleware, AppState } from './types';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteOptions {
  /** The query parameters the route reads. */
  query?: AnyObjectSchema;
}

type Handlers = [RouteOptions | AppMiddleware, ...AppMiddleware[]];

export type Guard = AppMiddleware & { capability: Capability };

function routeKey(method: Method, prefix: string, path: string): string {
  return `${method} ${`${prefix}${path}`.replace(/(.)\/$/, '$1')}`;
}

function pathParams(key: string, path: string): PathParam[] {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => {
    if (!(name in PATH_PARAMS)) throw new Error(`${key}: the path parameter "${name}" has no rule in src/domain/params.ts`);
    return name as PathParam;
  });
}

export class ApiRouter {
  readonly router: Router<AppState>;

  constructor(private readonly prefix = '') {
    this.router = new Router<AppState>(prefix ? { prefix } : {});
  }

  private add(method: Method, path: string, handlers: Handlers): this {
    const key = routeKey(method, this.prefix, path);
    if (!(key in API_ROUTES)) throw new Error(`${key} has no entry in the capability map (src/domain/access/apiRoutes.ts)`);
    const capability = API_ROUTES[key as ApiRoute];
    const [first, ...rest] = handlers;
    const options = typeof first === 'function' ? {} : first;
    const middleware = typeof first === 'function' ? [first, ...rest] : rest;
    const guard = Object.assign(authorize(capability), { capability }) satisfies Guard;
    this.router.register(path, [method], [guard, checkInput(pathParams(key, path), options.query), ...middleware]);
    return this;
  }

  get(path: string, ...handlers: Handlers): this {
    return this.add('GET', path, handlers);
  }

  post(path: string, ...handlers: Handlers): this {
    return this.add('POST', path, handlers);
  }

  put(path: string, ...handlers: Handlers): this {
    return this.add('PUT', path, handlers);
  }

  patch(path: string, ...handlers: Handlers): this {
    return this.add('PATCH', path, handlers);
  }

  delete(path: string, ...handlers: Handlers): this {
    return this.add('DELETE', path, handlers);
  }
}

/**
 * The routers as one middleware, in their order: each router (its routes, then its allowed
 * methods) is entered only by requests under its prefix, which are the only ones it can answer.
 * Entering one costs a match over its routes and two async steps, and the paths the internet hits
 * hardest (the widget's bundle, predict, ingestion) sat behind twenty or more of them. Paths match
 * without regard to case, as the routers' own do.
 */
export function routersMiddleware(routers: ReadonlyArray<Router<AppState>>): AppMiddleware & { routers: ReadonlyArray<Router<AppState>> } {
  const entries = routers.map((router) => ({ prefix: (router.opts.prefix ?? '').toLowerCase(), middleware: [router.routes(), router.allowedMethods()] as AppMiddleware[] }));
  // One chain per set of routers a path falls under: a few dozen at most.
  const chains = new Map<string, AppMiddleware[]>();
  const under = (path: string, prefix: string) => !prefix || (path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/'));
  const chainFor = (path: string) => {
    let key = '';
    for (let index = 0; index < entries.length; index++) if (under(path, entries[index]!.prefix)) key += `${index},`;
    let chain = chains.get(key);
    if (!chain) {
      chain = key.split(',').filter(Boolean).flatMap((index) => entries[Number(index)]!.middleware);
      chains.set(key, chain);
    }
    return chain;
  };
  const middleware: AppMiddleware = (ctx, next) => {
    const chain = chainFor(ctx.path.toLowerCase());
    const step = (index: number): Promise<void> => (index === chain.length ? next() : Promise.resolve(chain[index]!(ctx, () => step(index + 1))));
    return step(0);
  };
  // The routes served, for whoever lists them (the route tests walk every one).
  return Object.assign(middleware, { routers });
}
