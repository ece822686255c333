import { useMemo } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import LockResetIcon from '@mui/icons-material/LockReset';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { ROLE_LABELS } from '@domain/auth/roles';
import type { ManagedUser } from '@domain/auth/types';
import { USER_STATUS_LABELS, type UserStatus } from '@domain/company/options';
import { DataTable } from '@/ui/DataTable';
import { UserStatusSelect } from './UserStatusSelect';

export interface UserTableProps {
  users: ManagedUser[];
  /** A global admin viewing all companies sees whose user each one is. */
  showCompany: boolean;
  /** users:write: status, reset password and delete. */
  canManage: boolean;
  /** The signed-in user, who may not suspend or delete themselves from here. */
  currentUserId: string;
  onStatusChange: (user: ManagedUser, status: UserStatus) => void;
  onResetPassword: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
  /** Unbinds the user's single sign-on identity; absent where it cannot be done. */
  onUnlinkSso?: (user: ManagedUser) => void;
}

export function UserTable({
  users,
  showCompany,
  canManage,
  currentUserId,
  onStatusChange,
  onResetPassword,
  onDelete,
  onUnlinkSso,
}: UserTableProps) {
  const columns = useMemo<GridColDef<ManagedUser>[]>(() => {
    const list: GridColDef<ManagedUser>[] = [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
      { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 190 },
      {
        field: 'role',
        headerName: 'Role',
        width: 140,
        valueGetter: (_value, row) => ROLE_LABELS[row.role],
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 140,
        valueGetter: (_value, row) => USER_STATUS_LABELS[row.status],
        renderCell: ({ row, tabIndex, hasFocus }) =>
          canManage && row.id !== currentUserId ? (
            <UserStatusSelect
              userName={row.name}
              status={row.status}
              tabIndex={tabIndex}
              hasFocus={hasFocus}
              onChange={(status) => onStatusChange(row, status)}
            />
          ) : (
            <Chip size="small" label={USER_STATUS_LABELS[row.status]} color={row.status === 'active' ? 'success' : 'default'} />
          ),
      },
    ];
    list.push({
      field: 'sso',
      headerName: 'Single sign-on',
      width: 140,
      valueGetter: (_value, row) => (row.sso ? 'Linked' : ''),
      renderCell: ({ row }) =>
        row.sso ? (
          <Tooltip title={`${row.sso.issuer} · ${row.sso.subject}`}>
            <Chip size="small" label="Linked" color="info" variant="outlined" />
          </Tooltip>
        ) : null,
    });
    if (showCompany) {
      list.push({
        field: 'company',
        headerName: 'Company',
        flex: 1,
        minWidth: 140,
        valueGetter: (_value, row) => row.company.name,
      });
    }
    if (canManage) {
      list.push({
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 130,
        getActions: ({ row }) =>
          row.id === currentUserId
            ? []
            : [
                ...(row.sso && onUnlinkSso
                  ? [
                      <GridActionsCellItem
                        key="unlink"
                        icon={<LinkOffIcon />}
                        label={`Unlink single sign-on for ${row.name}`}
                        onClick={() => onUnlinkSso(row)}
                      />,
                    ]
                  : []),
                <GridActionsCellItem
                  key="reset"
                  icon={<LockResetIcon />}
                  label={`Reset password for ${row.name}`}
                  onClick={() => onResetPassword(row)}
                />,
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteOutlinedIcon />}
                  label={`Delete ${row.name}`}
                  onClick={() => onDelete(row)}
                />,
              ],
      });
    }
    return list;
  }, [canManage, currentUserId, onDelete, onResetPassword, onStatusChange, onUnlinkSso, showCompany]);

  return <DataTable rows={users} columns={columns} label="Users" maxHeight={480} />;
}
