import { useMemo } from 'react';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { PERMISSION_LABELS, ROLE_LABELS } from '@domain/auth/roles';
import type { ManagedUser } from '@domain/auth/types';
import { DataTable } from '@/ui/DataTable';

export interface PermissionUserTableProps {
  users: ManagedUser[];
  /** Whether the signed-in user may edit this user's role and permissions. */
  canEdit: (user: ManagedUser) => boolean;
  onEdit: (user: ManagedUser) => void;
}

/** The user list of the Permission Management modal: who holds which role and permissions. */
export function PermissionUserTable({ users, canEdit, onEdit }: PermissionUserTableProps) {
  const columns = useMemo<GridColDef<ManagedUser>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
      { field: 'email', headerName: 'Email', flex: 1, minWidth: 180 },
      { field: 'role', headerName: 'Role', width: 140, valueGetter: (_value, row) => ROLE_LABELS[row.role] },
      {
        field: 'permissions',
        headerName: 'Permissions',
        flex: 1.5,
        minWidth: 220,
        sortable: false,
        valueGetter: (_value, row) =>
          row.role === 'admin' ? 'Every permission' : row.permissions.map((entry) => PERMISSION_LABELS[entry]).join(', '),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Edit',
        width: 70,
        getActions: ({ row }) =>
          canEdit(row)
            ? [
                <GridActionsCellItem
                  key="edit"
                  icon={<EditOutlinedIcon />}
                  label={`Edit permissions of ${row.name}`}
                  onClick={() => onEdit(row)}
                />,
              ]
            : [],
      },
    ],
    [canEdit, onEdit],
  );

  return <DataTable rows={users} columns={columns} label="Users and their permissions" maxHeight={440} wrapText />;
}
