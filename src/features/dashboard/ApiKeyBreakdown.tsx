import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ApiKeyBreakdownRow } from '@domain/dashboard/contract';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog } from '@/ui/ModalDialog';
import { ResponsiveTable, type TableColumn } from '@/ui/ResponsiveTable';
import { API_KEY_LABELS } from './apiKeyLabels';
import { formatCount, formatMs } from './format';

export { API_KEY_LABELS } from './apiKeyLabels';

/** The Outbound API page, opened on one key's usage. */
export const outboundApiLinkFor = (apiKeyId: string) => `/outbound-api?key=${encodeURIComponent(apiKeyId)}`;

export interface ApiKeyBreakdownProps {
  open: boolean;
  onClose: () => void;
  rangeLabel: string;
  rows: readonly ApiKeyBreakdownRow[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

const msOrDash = (value: number | null) => (value === null ? '—' : formatMs(value));

const COLUMNS: TableColumn<ApiKeyBreakdownRow>[] = [
  {
    key: 'key',
    label: API_KEY_LABELS.key,
    rowHeader: true,
    cell: (row) => (
      <Link component={RouterLink} to={outboundApiLinkFor(row.apiKeyId)}>
        {row.name}
      </Link>
    ),
  },
  { key: 'calls', label: API_KEY_LABELS.calls, align: 'right', noWrap: true, cell: (row) => formatCount(row.calls) },
  { key: 'errors', label: API_KEY_LABELS.errors, align: 'right', noWrap: true, cell: (row) => formatCount(row.errors) },
  { key: 'p50', label: API_KEY_LABELS.p50, align: 'right', noWrap: true, cell: (row) => msOrDash(row.p50Ms) },
  { key: 'p95', label: API_KEY_LABELS.p95, align: 'right', noWrap: true, cell: (row) => msOrDash(row.p95Ms) },
  { key: 'items', label: API_KEY_LABELS.items, align: 'right', noWrap: true, cell: (row) => formatCount(row.itemsServed) },
];

/** The range's calls per API key: volume, errors, latency percentiles and items served, each key linking to its usage. */
export function ApiKeyBreakdown({ open, onClose, rangeLabel, rows, isLoading, error, onRetry }: ApiKeyBreakdownProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={API_KEY_LABELS.title}
      subtitle={rangeLabel}
      maxWidth="md"
      actions={<Button onClick={onClose}>{API_KEY_LABELS.close}</Button>}
    >
      {error ? (
        <FailureAlert title={API_KEY_LABELS.failed} error={error} onRetry={onRetry} />
      ) : isLoading || !rows ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={API_KEY_LABELS.loading} />
        </Box>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{API_KEY_LABELS.none}</Typography>
      ) : (
        <ResponsiveTable label={API_KEY_LABELS.table} rows={rows} columns={COLUMNS} rowKey={(row) => row.apiKeyId} rowName={(row) => row.name} />
      )}
    </ModalDialog>
  );
}
