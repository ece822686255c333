import { useMemo } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { ApiKeySummary } from '@domain/prediction/contract';
import { DataTable } from '@/ui/DataTable';
import { formatDateTime } from '../format';
import { KEY_LABELS } from '../labels';
import { PermissionChips } from './PermissionChips';

export interface ApiKeysTableProps {
  keys: ApiKeySummary[];
  /** api:write: the Actions column. */
  canManage: boolean;
  /** Keys whose pause, activation or deletion is running. */
  busyIds: readonly string[];
  onToggleActive: (key: ApiKeySummary) => void;
  onDelete: (key: ApiKeySummary) => void;
}

export function ApiKeysTable({ keys, canManage, busyIds, onToggleActive, onDelete }: ApiKeysTableProps) {
  const columns = useMemo<GridColDef<ApiKeySummary>[]>(() => {
    const list: GridColDef<ApiKeySummary>[] = [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Stack sx={{ py: 0.5 }}>
            <span>{row.name}</span>
            <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
              {row.prefix}…
            </Typography>
          </Stack>
        ),
      },
      { field: 'description', headerName: 'Description', flex: 1.4, minWidth: 180, valueGetter: (_value, row) => row.description ?? '' },
      {
        field: 'permissions',
        headerName: 'Permissions',
        width: 170,
        sortable: false,
        valueGetter: (_value, row) => row.permissions.join(', '),
        renderCell: ({ row }) => <PermissionChips permissions={row.permissions} />,
      },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 100,
        valueGetter: (_value, row) => (row.isActive ? KEY_LABELS.active : KEY_LABELS.paused),
        renderCell: ({ row }) => (
          <Chip size="small" color={row.isActive ? 'success' : 'default'} label={row.isActive ? KEY_LABELS.active : KEY_LABELS.paused} />
        ),
      },
      { field: 'createdAt', headerName: 'Created', width: 160, valueFormatter: (value: string) => formatDateTime(value) },
      {
        field: 'lastUsedAt',
        headerName: 'Last used',
        width: 160,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : KEY_LABELS.never),
      },
    ];
    if (canManage) {
      list.push({
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 110,
        getActions: ({ row }) => {
          const busy = busyIds.includes(row.id);
          return [
            <GridActionsCellItem
              key="toggle"
              icon={row.isActive ? <PauseCircleOutlineIcon /> : <PlayCircleOutlineIcon />}
              label={`${row.isActive ? KEY_LABELS.pause : KEY_LABELS.activate} ${row.name}`}
              disabled={busy}
              onClick={() => onToggleActive(row)}
            />,
            <GridActionsCellItem key="delete" icon={<DeleteOutlinedIcon />} label={`${KEY_LABELS.delete} ${row.name}`} disabled={busy} onClick={() => onDelete(row)} />,
          ];
        },
      });
    }
    return list;
  }, [busyIds, canManage, onDelete, onToggleActive]);

  return <DataTable rows={keys} columns={columns} label="API tokens" maxHeight={520} wrapText initialSort={[{ field: 'createdAt', sort: 'desc' }]} />;
}
