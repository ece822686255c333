import { useEffect, useId, useState } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, SYNC_RUN_STATUS_LABELS, type SyncRunView } from '@domain/data/connectors';
import type { DataSource } from '@domain/data/sources';
import { FailureAlert } from '@/ui/FailureAlert';
import { isSyncing, useSyncRuns } from '../api';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const countFormat = new Intl.NumberFormat();
/** An empty cell: the run has not started or finished yet. */
const NOT_YET = '—';

export const when = (value: string | null) => (value ? timeFormat.format(new Date(value)) : NOT_YET);

export interface SyncHistoryProps {
  source: DataSource;
  /** Open at first (a story, or a link to it). */
  initiallyOpen?: boolean;
}

/** "Sync history": a disclosure with the source's runs (newest first), read when opened and while a sync runs. */
export function SyncHistory({ source, initiallyOpen = false }: SyncHistoryProps) {
  const regionId = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const syncing = isSyncing(source);
  const runs = useSyncRuns(source.id, { enabled: open, polling: open && syncing });

  // A run that just ended is read once more, so its final counts show without waiting for a poll.
  const lastRunState = `${source.lastRun?.id ?? ''}:${source.lastRun?.status ?? ''}`;
  const { refetch } = runs;
  useEffect(() => {
    if (open) void refetch();
  }, [lastRunState, open, refetch]);

  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen((current) => !current)}
        aria-expanded={open}
        aria-controls={regionId}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        {CONNECTOR_LABELS.history}
      </Button>
      {open && (
        <Box id={regionId} sx={{ mt: 1 }}>
          {runs.isError ? (
            <FailureAlert title={CONNECTOR_MESSAGES.runsFailed} error={runs.error} onRetry={() => void refetch()} />
          ) : !runs.data ? (
            <CircularProgress size={20} aria-label={CONNECTOR_LABELS.history} />
          ) : runs.data.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {CONNECTOR_LABELS.noRuns}
            </Typography>
          ) : (
            <RunsTable name={source.name} runs={runs.data} />
          )}
        </Box>
      )}
    </Box>
  );
}

export function RunsTable({ name, runs }: { name: string; runs: readonly SyncRunView[] }) {
  return (
    <TableContainer role="region" sx={{ overflowX: 'auto' }} tabIndex={0} aria-label={CONNECTOR_LABELS.syncHistoryOf(name)}>
      <Table size="small" aria-label={CONNECTOR_LABELS.syncHistoryOf(name)}>
        <TableHead>
          <TableRow>
            <TableCell>{CONNECTOR_LABELS.started}</TableCell>
            <TableCell>{CONNECTOR_LABELS.finished}</TableCell>
            <TableCell>{CONNECTOR_LABELS.status}</TableCell>
            <TableCell align="right">{CONNECTOR_LABELS.added}</TableCell>
            <TableCell align="right">{CONNECTOR_LABELS.updated}</TableCell>
            <TableCell align="right">{CONNECTOR_LABELS.failed}</TableCell>
            <TableCell>{CONNECTOR_LABELS.firstError}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => (
            <TableRow key={run.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(run.startedAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(run.finishedAt)}</TableCell>
              <TableCell>{SYNC_RUN_STATUS_LABELS[run.status]}</TableCell>
              <TableCell align="right">{countFormat.format(run.added)}</TableCell>
              <TableCell align="right">{countFormat.format(run.updated)}</TableCell>
              <TableCell align="right">{countFormat.format(run.failed)}</TableCell>
              <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{run.firstError ?? NOT_YET}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
