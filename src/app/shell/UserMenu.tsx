import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import CheckIcon from '@mui/icons-material/Check';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import PolicyIcon from '@mui/icons-material/Policy';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import InboxIcon from '@mui/icons-material/Inbox';
import LogoutIcon from '@mui/icons-material/Logout';
import SellIcon from '@mui/icons-material/Sell';
import StoreIcon from '@mui/icons-material/Store';
import { USER_MENU, type ScreenPath } from '@domain/access/capabilities';
import { useCompanies } from '@/lib/accounts';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { useAdminModals, type AdminModalName } from '../adminModals/AdminModals';
import { ALL_COMPANIES_LABEL } from './headerCompany';

/** An entry of the menu, by its name in the capability map. */
export type UserMenuEntry = keyof typeof USER_MENU;

interface MenuEntry {
  entry: UserMenuEntry;
  /** A modal of the registry, a page, or neither (an action of the menu itself). */
  target?: { modal: AdminModalName } | { path: ScreenPath };
}

interface AdminControl extends MenuEntry {
  label: string;
  icon: ReactNode;
  target: { modal: AdminModalName } | { path: ScreenPath };
}

const ADMIN_CONTROLS: readonly AdminControl[] = [
  { entry: 'manageCompanies', label: 'Manage Companies', icon: <ApartmentIcon fontSize="small" />, target: { modal: 'companies' } },
  { entry: 'manageUsers', label: 'Manage Users', icon: <GroupIcon fontSize="small" />, target: { modal: 'users' } },
  {
    entry: 'managePermissions',
    label: 'Manage Permissions',
    icon: <AdminPanelSettingsIcon fontSize="small" />,
    target: { modal: 'permissions' },
  },
  { entry: 'companyProfile', label: 'Company Profile', icon: <StoreIcon fontSize="small" />, target: { modal: 'companyProfile' } },
  { entry: 'requestsInbox', label: 'Requests Inbox', icon: <InboxIcon fontSize="small" />, target: { modal: 'requests' } },
  { entry: 'overrideLogs', label: 'Override Logs', icon: <HistoryIcon fontSize="small" />, target: { modal: 'overrideLogs' } },
  { entry: 'auditLog', label: 'Audit Log', icon: <PolicyIcon fontSize="small" />, target: { modal: 'auditLog' } },
  { entry: 'privacy', label: 'Privacy', icon: <PrivacyTipIcon fontSize="small" />, target: { modal: 'privacy' } },
  { entry: 'plans', label: 'Plans', icon: <SellIcon fontSize="small" />, target: { path: '/plans' } },
];

/** Every entry the menu shows, with what it opens: the admin controls, then the filter and the profile part. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  ...ADMIN_CONTROLS,
  { entry: 'companyFilter' },
  { entry: 'profileSettings', target: { modal: 'profileSettings' } },
  { entry: 'logout' },
];

export interface UserMenuProps {
  id: string;
  /** The button that opens the menu, which names it. */
  anchor: HTMLElement | null;
  labelledBy: string;
  onClose: () => void;
}

/**
 * The header's user menu in three parts: Admin Controls, Company Filter and User Profile. Each
 * entry shows only to those its USER_MENU capability allows.
 */
export function UserMenu({ id, anchor, labelledBy, onClose }: UserMenuProps) {
  const navigate = useNavigate();
  const { signOut, can } = useSession();
  const { companyFilter, setCompanyFilter } = useCompanyFilter();
  const shows = (entry: UserMenuEntry) => can(USER_MENU[entry]);
  const choosesCompany = shows('companyFilter');
  const companies = useCompanies(choosesCompany);
  const modals = useAdminModals();

  const controls = ADMIN_CONTROLS.filter(({ entry }) => shows(entry));
  const companyChoices = [{ id: ALL_COMPANIES, name: ALL_COMPANIES_LABEL }, ...(companies.data ?? [])];

  const run = (action: () => void) => () => {
    onClose();
    action();
  };
  const openControl = ({ target }: AdminControl) =>
    run(() => ('modal' in target ? modals.open(target.modal) : navigate(target.path)));
  const logout = run(() => {
    signOut();
    navigate('/login', { replace: true });
  });

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': labelledBy, dense: true }, paper: { sx: { minWidth: 260, maxHeight: '80vh' } } }}
    >
      {controls.length > 0 && <ListSubheader role="presentation">Admin Controls</ListSubheader>}
      {controls.map((control) => (
        <MenuItem key={control.label} onClick={openControl(control)}>
          <ListItemIcon>{control.icon}</ListItemIcon>
          <ListItemText>{control.label}</ListItemText>
        </MenuItem>
      ))}
      {controls.length > 0 && <Divider />}

      {choosesCompany && <ListSubheader role="presentation">View Data For</ListSubheader>}
      {choosesCompany &&
        companyChoices.map((choice) => {
          const selected = choice.id === companyFilter;
          return (
            <MenuItem
              key={choice.id}
              role="menuitemradio"
              aria-checked={selected}
              selected={selected}
              onClick={run(() => setCompanyFilter(choice.id))}
            >
              <ListItemIcon>{selected ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{choice.name}</ListItemText>
            </MenuItem>
          );
        })}
      {choosesCompany && <Divider />}

      <ListSubheader role="presentation">User Profile</ListSubheader>
      {shows('profileSettings') && (
        <MenuItem onClick={run(() => modals.open('profileSettings'))}>
          <ListItemIcon>
            <AccountCircleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Profile Settings</ListItemText>
        </MenuItem>
      )}
      {shows('logout') && (
        <MenuItem onClick={logout}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      )}
    </Menu>
  );
}
