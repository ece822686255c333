/**
 * The sidebar's navigation, derived from the route table so a page and its menu entry cannot
 * disagree about who may open it.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import type { PermissionHolder } from '@domain/auth/roles';
import { canAccess, type RouteAccess } from '@/app/guards/access';
import { APP_ROUTES, NAV_GROUP_DEFINITIONS, type AppRoute, type NavGroupId } from '@/app/routes';
import { NAV_ICONS } from './navIcons';

export interface NavItem {
  path: string;
  label: string;
  icon: SvgIconComponent;
  access: RouteAccess;
}

export interface NavGroup {
  id: NavGroupId;
  label: string;
  icon: SvgIconComponent;
  items: NavItem[];
}

export function buildNavigation(routes: readonly AppRoute[] = APP_ROUTES): NavGroup[] {
  return NAV_GROUP_DEFINITIONS.map((group) => ({
    id: group.id,
    label: group.label,
    icon: NAV_ICONS[group.icon],
    items: routes
      .filter((route) => route.nav?.group === group.id)
      .map((route) => ({ path: route.path, label: route.title, icon: NAV_ICONS[route.nav!.icon], access: route.access })),
  }));
}

export const NAVIGATION: readonly NavGroup[] = buildNavigation();

/** The groups and items this user may open; a group with nothing left is hidden. */
export function visibleNavigation(holder: PermissionHolder | null, groups: readonly NavGroup[] = NAVIGATION): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => canAccess(item.access, holder)) }))
    .filter((group) => group.items.length > 0);
}

/** Whether `pathname` is this item's page (the overview only matches "/" itself). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
