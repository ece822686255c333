import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ApiKeyBreakdownRow } from '@domain/dashboard/contract';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog } from '@/ui/ModalDialog';
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
        <TableContainer>
          <Table size="small" aria-label={API_KEY_LABELS.table}>
            <TableHead>
              <TableRow>
                <TableCell>{API_KEY_LABELS.key}</TableCell>
                <TableCell align="right">{API_KEY_LABELS.calls}</TableCell>
                <TableCell align="right">{API_KEY_LABELS.errors}</TableCell>
                <TableCell align="right">{API_KEY_LABELS.p50}</TableCell>
                <TableCell align="right">{API_KEY_LABELS.p95}</TableCell>
                <TableCell align="right">{API_KEY_LABELS.items}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.apiKeyId}>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={outboundApiLinkFor(row.apiKeyId)}>
                      {row.name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{formatCount(row.calls)}</TableCell>
                  <TableCell align="right">{formatCount(row.errors)}</TableCell>
                  <TableCell align="right">{row.p50Ms === null ? '—' : formatMs(row.p50Ms)}</TableCell>
                  <TableCell align="right">{row.p95Ms === null ? '—' : formatMs(row.p95Ms)}</TableCell>
                  <TableCell align="right">{formatCount(row.itemsServed)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </ModalDialog>
  );
}
