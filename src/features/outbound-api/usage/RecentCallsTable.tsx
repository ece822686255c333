import { useMemo } from 'react';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ReplayIcon from '@mui/icons-material/Replay';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { PredictionCallRecord } from '@domain/prediction/contract';
import { DataTable } from '@/ui/DataTable';
import { formatDateTime } from '../format';

export interface RecentCallsTableProps {
  calls: PredictionCallRecord[];
  /** Sends the call's request again from the Live Test. */
  onReplay: (call: PredictionCallRecord) => void;
  /** Ranks the call's request again with today's settings, item by item. */
  onCompare: (call: PredictionCallRecord) => void;
}

/** Only predict calls carry a request to replay or compare. */
const replayable = (call: PredictionCallRecord) => call.endpoint === 'predict' && call.request !== null;

export function RecentCallsTable({ calls, onReplay, onCompare }: RecentCallsTableProps) {
  const columns = useMemo<GridColDef<PredictionCallRecord>[]>(
    () => [
      { field: 'createdAt', headerName: 'When', width: 160, valueFormatter: (value: string) => formatDateTime(value) },
      { field: 'apiKeyName', headerName: 'Key', flex: 1, minWidth: 140, valueGetter: (_value, row) => row.apiKeyName ?? '–' },
      { field: 'endpoint', headerName: 'Endpoint', width: 100 },
      {
        field: 'status',
        headerName: 'Status',
        width: 150,
        valueGetter: (_value, row) => (row.errorCode ? `${row.status} ${row.errorCode}` : String(row.status)),
        renderCell: ({ row }) => (
          <Chip size="small" variant="outlined" color={row.status < 400 ? 'success' : 'error'} label={row.errorCode ? `${row.status} ${row.errorCode}` : row.status} />
        ),
      },
      { field: 'latencyMs', headerName: 'Latency', width: 90, type: 'number', valueFormatter: (value: number) => `${value} ms` },
      {
        field: 'itemsServed',
        headerName: 'Items',
        width: 90,
        type: 'number',
        valueFormatter: (value: number, row) => (row.endpoint === 'predict' && row.zeroResults ? 'none' : String(value)),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 100,
        getActions: ({ row }) =>
          replayable(row)
            ? [
                <GridActionsCellItem key="replay" icon={<ReplayIcon />} label={`Replay call of ${formatDateTime(row.createdAt)}`} onClick={() => onReplay(row)} />,
                <GridActionsCellItem key="compare" icon={<CompareArrowsIcon />} label={`Compare call of ${formatDateTime(row.createdAt)}`} onClick={() => onCompare(row)} />,
              ]
            : [],
      },
    ],
    [onCompare, onReplay],
  );
  return <DataTable rows={calls} columns={columns} label="Recent calls" maxHeight={420} initialSort={[{ field: 'createdAt', sort: 'desc' }]} />;
}
