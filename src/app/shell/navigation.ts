/**
 * The sidebar's navigation, derived from the route table so a page and its menu entry cannot
 * disagree about who may open it: both read the page's capability.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import { allows, type Caller, type Capability } from '@domain/access/capabilities';
import type { AppRoute } from '../routes';
import { NAV_ICONS } from './navIcons';
import type { NavGroupId, NavIconName } from './navNames';

export interface NavGroupDefinition {
  id: NavGroupId;
  label: string;
  icon: NavIconName;
}

/** The sidebar's four expandable groups, in their order. */
export const NAV_GROUP_DEFINITIONS: readonly NavGroupDefinition[] = [
  { id: 'overview', label: 'Overview', icon: 'insights' },
  { id: 'data', label: 'Data', icon: 'storage' },
  { id: 'surveys', label: 'Surveys', icon: 'poll' },
  { id: 'discovery', label: 'Discovery', icon: 'explore' },
];

export interface NavItem {
  path: string;
  label: string;
  icon: SvgIconComponent;
  access: Capability;
}

export interface NavGroup {
  id: NavGroupId;
  label: string;
  icon: SvgIconComponent;
  items: NavItem[];
}

export function buildNavigation(routes: readonly AppRoute[]): NavGroup[] {
  return NAV_GROUP_DEFINITIONS.map((group) => ({
    id: group.id,
    label: group.label,
    icon: NAV_ICONS[group.icon],
    items: routes
      .filter((route) => route.nav?.group === group.id)
      .map((route) => ({ path: route.path, label: route.title, icon: NAV_ICONS[route.nav!.icon], access: route.access })),
  }));
}

/** The groups and items this caller may open; a group with nothing left is hidden. */
export function visibleNavigation(caller: Caller, groups: readonly NavGroup[]): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => allows(item.access, caller)) }))
    .filter((group) => group.items.length > 0);
}

/** Whether `pathname` is this item's page (the overview only matches "/" itself). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
