/** The routes a BFF app serves, read from its routers: what the generated route tests walk. */
import type Koa from 'koa';
import type { AppState } from '@bff/types';

export interface ServedRoute {
  /** "METHOD /path", as the capability map names it. */
  key: string;
  method: string;
  path: string;
  /** The route's middleware, in order. */
  stack: Array<{ capability?: string; rules?: { params: string[]; query: string[] } }>;
}

export function servedRoutes(app: Koa<AppState>): ServedRoute[] {
  const routes: ServedRoute[] = [];
  type Routed = { stack: Array<{ methods: string[]; path: string; stack: ServedRoute['stack'] }> };
  for (const middleware of app.middleware as Array<{ routers?: readonly Routed[] }>) {
    for (const layer of (middleware.routers ?? []).flatMap((router) => router.stack)) {
      const path = layer.path.replace(/(.)\/$/, '$1');
      for (const method of layer.methods.filter((name) => name !== 'HEAD')) {
        routes.push({ key: `${method} ${path}`, method, path, stack: layer.stack });
      }
    }
  }
  return routes;
}
