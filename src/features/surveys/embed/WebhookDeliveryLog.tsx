import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@domain/survey/collection';
import { DataTable } from '@/ui/DataTable';

export const DELIVERY_LOG_LABEL = 'Webhook deliveries';
export const NO_DELIVERIES = 'No deliveries yet. Each completed response of your surveys will be listed here with the answer of your server.';

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' };
const STATUS_COLOURS = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDeliveryTime = (iso: string | null) => (iso ? timeFormat.format(new Date(iso)) : '');

/** What the receiver last answered: its status code, the error, or both. */
export function lastOutcome(delivery: Pick<WebhookDelivery, 'lastStatusCode' | 'lastError'>): string {
  const parts = [delivery.lastStatusCode === null ? '' : `HTTP ${delivery.lastStatusCode}`, delivery.lastError ?? ''].filter(Boolean);
  return parts.join(' · ') || '—';
}

const COLUMNS: GridColDef<WebhookDelivery>[] = [
  { field: 'createdAt', headerName: 'Time', minWidth: 170, flex: 1, valueFormatter: (value: string) => formatDeliveryTime(value) },
  { field: 'surveyName', headerName: 'Survey', minWidth: 160, flex: 1.2 },
  {
    field: 'status',
    headerName: 'Status',
    width: 120,
    renderCell: ({ row }) => <Chip size="small" variant="outlined" color={STATUS_COLOURS[row.status]} label={DELIVERY_STATUS_LABELS[row.status]} />,
  },
  { field: 'attempts', headerName: 'Attempts', type: 'number', width: 100 },
  {
    field: 'lastStatusCode',
    headerName: 'Last answer',
    minWidth: 200,
    flex: 1.4,
    valueGetter: (_value, row) => lastOutcome(row),
  },
  {
    field: 'nextAttemptAt',
    headerName: 'Next attempt',
    minWidth: 160,
    flex: 1,
    valueFormatter: (value: string | null) => formatDeliveryTime(value),
  },
];

export interface WebhookDeliveryLogProps {
  deliveries: WebhookDelivery[];
}

/** The newest completion webhooks and how each went: delivered, still being retried, or given up. */
export function WebhookDeliveryLog({ deliveries }: WebhookDeliveryLogProps) {
  if (deliveries.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {NO_DELIVERIES}
      </Typography>
    );
  }
  return <DataTable rows={deliveries} columns={COLUMNS} label={DELIVERY_LOG_LABEL} maxHeight={420} initialSort={[{ field: 'createdAt', sort: 'desc' }]} />;
}
