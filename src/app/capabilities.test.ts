/**
 * The dashboard reads who may do what from the capability map: every page, sidebar entry, user
 * menu entry and modal has its entry there, and uses exactly that rule.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_MODAL_NAMES, ADMIN_MODALS } from '@domain/access/adminModals';
import { SCREENS, USER_MENU } from '@domain/access/capabilities';
import { ADMIN_MODAL_COMPONENTS, modalCapability } from './adminModals/AdminModals';
import { APP_ROUTES } from './routes';
import { buildNavigation } from './shell/navigation';
import { MENU_ENTRIES } from './shell/UserMenu';

const screenOf = (path: string) => (SCREENS as Record<string, string | undefined>)[path];

describe('the capability map as the dashboard reads it', () => {
  it('has an entry for every route, and every route uses it', () => {
    for (const route of APP_ROUTES) {
      expect(screenOf(route.path), `${route.path} has no entry in SCREENS`).toBeDefined();
      expect(route.access, route.path).toBe(screenOf(route.path));
    }
  });

  it('has no screen without a route', () => {
    const routed = new Set<string>(APP_ROUTES.map((route) => route.path));
    expect(Object.keys(SCREENS).filter((path) => !routed.has(path))).toEqual([]);
  });

  it('decides the sidebar entries by their pages', () => {
    const items = buildNavigation(APP_ROUTES).flatMap((group) => group.items);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(screenOf(item.path), `${item.path} has no entry in SCREENS`).toBeDefined();
      expect(item.access, item.path).toBe(screenOf(item.path));
    }
  });

  it('has an entry for every user menu entry, and none the menu lacks', () => {
    const entries = MENU_ENTRIES.map(({ entry }) => entry);
    expect(new Set(entries).size).toBe(entries.length);
    expect([...entries].sort()).toEqual(Object.keys(USER_MENU).sort());
  });

  it('gives a menu entry the rule of the modal or page it opens', () => {
    for (const { entry, target } of MENU_ENTRIES) {
      if (!target) continue;
      const opened = 'modal' in target ? ADMIN_MODALS[target.modal].capability : screenOf(target.path);
      expect(USER_MENU[entry], entry).toBe(opened);
    }
  });

  it('registers exactly the modals of the map, each opened by its rule', () => {
    expect(Object.keys(ADMIN_MODAL_COMPONENTS).sort()).toEqual([...ADMIN_MODAL_NAMES].sort());
    expect(Object.keys(ADMIN_MODALS).sort()).toEqual([...ADMIN_MODAL_NAMES].sort());
    for (const name of ADMIN_MODAL_NAMES) expect(modalCapability(name), name).toBe(ADMIN_MODALS[name].capability);
  });
});
