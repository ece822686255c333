import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { AUDIENCE_PAGE_SIZE, CATEGORY_NAMES, RISK_COLORS, RISK_LABELS, type AudienceUser, type AudienceUsersPage } from '@domain/audience/contract';
import { formatCurrency, formatDateTime, formatPercent, formatRelative } from '../format';
import { NEVER_SEEN, NO_USERS_MATCH, PROFILE_LABELS, USER_COLUMNS, USERS_TABLE_LABEL } from '../labels';

export interface UsersTableProps {
  /** undefined before the first page arrives. */
  page: AudienceUsersPage | undefined;
  /** The page asked for, 1-based as the API counts. */
  currentPage: number;
  loading: boolean;
  /** When the page was read: "3 hours ago" is measured from it, so a row does not change under the pointer. */
  readAt: number;
  onPageChange: (page: number) => void;
  onOpenUser: (user: AudienceUser) => void;
}

function columns(now: number): GridColDef<AudienceUser>[] {
  return [
    {
      field: 'name',
      headerName: USER_COLUMNS.user,
      minWidth: 220,
      flex: 1.4,
      renderCell: ({ row }) => (
        <Stack sx={{ justifyContent: 'center', height: '100%', minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {row.name ?? PROFILE_LABELS.unnamed}
          </Typography>
          <Typography variant="caption" noWrap sx={{ color: 'text.secondary' }}>
            {row.email ?? '—'}
          </Typography>
        </Stack>
      ),
    },
    { field: 'account', headerName: USER_COLUMNS.account, minWidth: 140, flex: 1, valueFormatter: (value: string | null) => value ?? '—' },
    {
      field: 'categories',
      headerName: USER_COLUMNS.categories,
      minWidth: 200,
      flex: 1.4,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', height: '100%', py: 0.5 }}>
          {row.categories.map((id) => (
            <Chip key={id} size="small" variant="outlined" label={CATEGORY_NAMES[id]} />
          ))}
        </Stack>
      ),
    },
    { field: 'ltv', headerName: USER_COLUMNS.ltv, type: 'number', width: 100, valueFormatter: (value: number) => formatCurrency(value) },
    {
      field: 'risk',
      headerName: USER_COLUMNS.risk,
      width: 100,
      renderCell: ({ row }) => <Chip size="small" color={RISK_COLORS[row.risk]} label={RISK_LABELS[row.risk]} />,
    },
    {
      field: 'lastSeen',
      headerName: USER_COLUMNS.lastSeen,
      width: 140,
      renderCell: ({ row }) =>
        row.lastSeen ? (
          <Tooltip title={formatDateTime(row.lastSeen)}>
            <Box component="time" dateTime={row.lastSeen}>
              {formatRelative(row.lastSeen, now)}
            </Box>
          </Tooltip>
        ) : (
          NEVER_SEEN
        ),
    },
    { field: 'dataSourceCoverage', headerName: USER_COLUMNS.coverage, type: 'number', width: 100, valueFormatter: (value: number) => formatPercent(value) },
  ];
}

/** The Users view's table: 20 profiles a page, paged by the server; a row opens the profile. */
export function UsersTable({ page, currentPage, loading, readAt, onPageChange, onOpenUser }: UsersTableProps) {
  const columnDefs = useMemo(() => columns(readAt), [readAt]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 720 }}>
      <DataGrid
        rows={page?.users ?? []}
        columns={columnDefs}
        label={USERS_TABLE_LABEL}
        rowCount={page?.total ?? 0}
        paginationMode="server"
        paginationModel={{ page: currentPage - 1, pageSize: AUDIENCE_PAGE_SIZE }}
        onPaginationModelChange={(model) => onPageChange(model.page + 1)}
        pageSizeOptions={[AUDIENCE_PAGE_SIZE]}
        loading={loading}
        rowHeight={60}
        disableColumnMenu
        disableColumnSorting
        disableRowSelectionOnClick
        onRowClick={({ row }) => onOpenUser(row)}
        onCellKeyDown={({ row }, event) => {
          if (event.key === 'Enter') onOpenUser(row);
        }}
        localeText={{ noRowsLabel: NO_USERS_MATCH }}
        sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </Box>
  );
}
