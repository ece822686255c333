import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Logo } from '@/theme/components/Logo';
import { DeferredThemeToggle } from '@/ui/DeferredThemeToggle';
import { isActivePath, type NavGroup, type NavItem } from './navigation';
import { loadSidebarOverlay, preloadSidebarOverlay } from './sidebarOverlayLoader';

// Collapsed groups label themselves with tooltips (MUI's Popper): only needed once collapsed.
const CollapsedGroups = lazy(async () => ({ default: (await import('./CollapsedGroups')).CollapsedGroups }));
// The overlay is MUI's temporary drawer (a modal: backdrop, focus trap, portal, slide), needed on
// small screens only, and there only once opened (sidebarOverlayLoader.ts). Beside the page the
// navigation is a plain column.
const SidebarOverlay = lazy(async () => ({ default: (await loadSidebarOverlay()).SidebarOverlay }));

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_COLLAPSED_WIDTH = 72;

export interface SidebarProps {
  /** The groups this user may see (visibleNavigation). */
  groups: NavGroup[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /**
   * On phones and tablets the navigation covers the page while open instead of taking a column
   * beside it (MUI's temporary drawer): `open` says whether it is shown, `onClose` hides it
   * (the close button, Escape, the backdrop, or a page chosen). `opened` stays false until the first
   * opening: only then is the overlay's code downloaded and mounted.
   */
  overlay?: { open: boolean; opened: boolean; onClose: () => void };
}

/** The collapsible navigation: four expandable groups, a theme toggle, and the logo. */
export function Sidebar({ groups, collapsed: collapsedChoice, onToggleCollapsed, overlay }: SidebarProps) {
  // Over the page there is room for the labels: the overlay is never collapsed.
  const collapsed = overlay ? false : collapsedChoice;
  const small = overlay !== undefined;
  useEffect(() => {
    if (!small) return undefined;
    const idle = window.requestIdleCallback?.(preloadSidebarOverlay);
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [small]);
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const panel = (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: collapsed ? 'center' : 'space-between',
          flexDirection: collapsed ? 'column' : 'row',
          gap: 1,
          px: collapsed ? 1 : 2,
          py: 2,
          minHeight: 64,
        }}
      >
        <Logo collapsed={collapsed} />
        {overlay ? (
          <IconButton onClick={overlay.onClose} aria-label="Close navigation" size="small">
            <ChevronLeftIcon />
          </IconButton>
        ) : (
          <IconButton
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            size="small"
          >
            {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </IconButton>
        )}
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main navigation" sx={{ flexGrow: 1, overflowY: 'auto', py: 1 }}>
        {collapsed ? (
          <Suspense fallback={null}>
            <CollapsedGroups groups={groups} />
          </Suspense>
        ) : (
          <ExpandedGroups groups={groups} onNavigate={overlay?.onClose} />
        )}
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: collapsed ? 'center' : 'flex-start', p: 1.5 }}>
        <DeferredThemeToggle />
      </Box>
    </>
  );
  if (overlay) {
    // Closed and never opened, the drawer would draw nothing: it is mounted at the first opening.
    if (!overlay.opened) return null;
    return (
      <Suspense fallback={null}>
        <SidebarOverlay open={overlay.open} onClose={overlay.onClose} width={width}>
          {panel}
        </SidebarOverlay>
      </Suspense>
    );
  }
  return (
    // MUI's permanent drawer, without the modal machinery its temporary variant brings: a column
    // that keeps the page's room, and a fixed panel that stays in view while the page scrolls.
    <Box component="aside" aria-label="Sidebar" sx={(theme) => ({ width, flexShrink: 0, transition: widthTransition(theme) })}>
      <Box
        sx={(theme) => ({
          position: 'fixed',
          top: 0,
          left: 0,
          height: '100%',
          width,
          zIndex: theme.zIndex.drawer,
          display: 'flex',
          flexDirection: 'column',
          overflowX: 'hidden',
          overflowY: 'auto',
          boxSizing: 'border-box',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          transition: widthTransition(theme),
        })}
      >
        {panel}
      </Box>
    </Box>
  );
}

function widthTransition(theme: Theme) {
  return theme.transitions.create('width', { duration: theme.transitions.duration.shorter });
}

function ExpandedGroups({ groups, onNavigate }: { groups: NavGroup[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const [closedGroups, setClosedGroups] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setClosedGroups((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <List disablePadding>
      {groups.map((group) => {
        const open = !closedGroups.has(group.id);
        const listId = `nav-group-${group.id}`;
        const GroupIcon = group.icon;
        return (
          <li key={group.id}>
            <ListItemButton onClick={() => toggle(group.id)} aria-expanded={open} aria-controls={listId} sx={{ mx: 1, borderRadius: 1 }}>
              <ListItemIcon>
                <GroupIcon />
              </ListItemIcon>
              <ListItemText primary={group.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </ListItemButton>
            <Collapse in={open} timeout="auto" unmountOnExit>
              <List id={listId} disablePadding aria-label={group.label}>
                {group.items.map((item) => (
                  <NavEntry key={item.path} item={item} active={isActivePath(item.path, pathname)} onNavigate={onNavigate} />
                ))}
              </List>
            </Collapse>
          </li>
        );
      })}
    </List>
  );
}

function NavEntry({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate?: () => void }) {
  const ItemIcon = item.icon;
  return (
    <li>
      <ListItemButton
        component={NavLink}
        to={item.path}
        end={item.path === '/'}
        selected={active}
        onClick={onNavigate}
        sx={{ mx: 1, pl: 4, borderRadius: 1 }}
      >
        <ListItemIcon>
          <ItemIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    </li>
  );
}
