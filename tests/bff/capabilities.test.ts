/**
 * The BFF's guards and the capability map (src/domain/access/capabilities.ts) agree: every
 * served route has an entry, every entry is served, and each route is guarded by exactly the
 * capability the map names, which is also what the dashboard reads for its screens and modals.
 */
import { describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '@domain/access/apiRoutes';
import { ADMIN_MODALS } from '@domain/access/adminModals';
import { createApp } from '@bff/app';
import { ApiRouter } from '@bff/routing';
import { servedRoutes } from './support/routes';
import { useWorld } from './support/world';

describe('capability map and BFF guards', () => {
  const world = useWorld();
  const routes = () => servedRoutes(createApp(world().config, world().runtime));

  it('serves exactly the routes of the map', () => {
    expect(new Set(routes().map((route) => route.key))).toEqual(new Set(Object.keys(API_ROUTES)));
  });

  it("guards every route first, with the map's capability", () => {
    for (const route of routes()) {
      expect(route.stack[0]?.capability, route.key).toBe(API_ROUTES[route.key as ApiRoute]);
    }
  });

  it('checks every path parameter of every route', () => {
    for (const route of routes()) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => name);
      expect(route.stack[1]?.rules?.params, route.key).toEqual(params);
    }
  });

  it('names only served routes among the calls the dashboard modals make', () => {
    for (const modal of Object.values(ADMIN_MODALS)) for (const call of modal.loads) expect(API_ROUTES).toHaveProperty([call]);
  });

  it('refuses to register a route that the map does not know', () => {
    expect(() => new ApiRouter('/api/users').get('/secret', (ctx) => void (ctx.body = {}))).toThrow(/no entry in the capability map/);
  });
});
