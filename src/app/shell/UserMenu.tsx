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
import LogoutIcon from '@mui/icons-material/Logout';
import SellIcon from '@mui/icons-material/Sell';
import StoreIcon from '@mui/icons-material/Store';
import { canOpenAdminModal, type AdminModalName } from '@/features/admin/adminModalAccess';
import { useAdminModals } from '@/features/admin/AdminModals';
import { isGlobalAdmin } from '@/features/auth/access';
import { ALL_COMPANIES } from '@/features/auth/CompanyFilterProvider';
import { useCompanyFilter, useSession } from '@/features/auth/session';
import { useCompanies } from '@/features/companies/api';
import { ALL_COMPANIES_LABEL } from './headerCompany';

interface AdminControl {
  label: string;
  icon: ReactNode;
  /** An administration modal, or a page. */
  target: { modal: AdminModalName } | { path: string };
}

const ADMIN_CONTROLS: AdminControl[] = [
  { label: 'Manage Companies', icon: <ApartmentIcon fontSize="small" />, target: { modal: 'companies' } },
  { label: 'Manage Users', icon: <GroupIcon fontSize="small" />, target: { modal: 'users' } },
  { label: 'Manage Permissions', icon: <AdminPanelSettingsIcon fontSize="small" />, target: { modal: 'permissions' } },
  { label: 'Company Profile', icon: <StoreIcon fontSize="small" />, target: { modal: 'companyProfile' } },
  { label: 'Plans', icon: <SellIcon fontSize="small" />, target: { path: '/plans' } },
];

export interface UserMenuProps {
  id: string;
  /** The button that opens the menu, which names it. */
  anchor: HTMLElement | null;
  labelledBy: string;
  onClose: () => void;
}

/**
 * The header's user menu in three parts: Admin Controls (each entry only for those who may use
 * it), Company Filter (global admin only) and User Profile.
 */
export function UserMenu({ id, anchor, labelledBy, onClose }: UserMenuProps) {
  const navigate = useNavigate();
  const access = useSession();
  const { session, signOut, hasPermission } = access;
  const { companyFilter, setCompanyFilter } = useCompanyFilter();
  const globalAdmin = isGlobalAdmin(session);
  const companies = useCompanies(globalAdmin);
  const modals = useAdminModals();

  const controls = ADMIN_CONTROLS.filter(({ target }) =>
    'modal' in target ? canOpenAdminModal(target.modal, access) : hasPermission('plans:read'),
  );
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

      {globalAdmin && <ListSubheader role="presentation">View Data For</ListSubheader>}
      {globalAdmin &&
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
      {globalAdmin && <Divider />}

      <ListSubheader role="presentation">User Profile</ListSubheader>
      <MenuItem onClick={run(() => modals.open('profileSettings'))}>
        <ListItemIcon>
          <AccountCircleIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Profile Settings</ListItemText>
      </MenuItem>
      <MenuItem onClick={logout}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Logout</ListItemText>
      </MenuItem>
    </Menu>
  );
}
