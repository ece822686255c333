import { Fragment, useEffect, useId, useState } from 'react';
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
const shortTime = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
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

/** "Finished …": the time alone when the run ended on the day it started. */
function finishedText(run: SyncRunView): string {
  if (!run.finishedAt) return `${CONNECTOR_LABELS.finished} ${NOT_YET}`;
  const sameDay = run.startedAt && new Date(run.startedAt).toDateString() === new Date(run.finishedAt).toDateString();
  return `${CONNECTOR_LABELS.finished} ${sameDay ? shortTime.format(new Date(run.finishedAt)) : when(run.finishedAt)}`;
}

/**
 * The runs, newest first, narrow enough for a source card: the start with the finish under it,
 * the status and the three counts; a run's first error on a line of its own beneath it.
 */
export function RunsTable({ name, runs }: { name: string; runs: readonly SyncRunView[] }) {
  const count = { align: 'right' as const, sx: { whiteSpace: 'nowrap', px: 1 } };
  return (
    <TableContainer role="region" sx={{ overflowX: 'auto' }} tabIndex={0} aria-label={CONNECTOR_LABELS.syncHistoryOf(name)}>
      <Table size="small" aria-label={CONNECTOR_LABELS.syncHistoryOf(name)}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ pl: 1 }}>{CONNECTOR_LABELS.started}</TableCell>
            <TableCell sx={{ px: 1 }}>{CONNECTOR_LABELS.status}</TableCell>
            <TableCell {...count}>{CONNECTOR_LABELS.added}</TableCell>
            <TableCell {...count}>{CONNECTOR_LABELS.updated}</TableCell>
            <TableCell {...count}>{CONNECTOR_LABELS.failed}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => {
            const error = run.firstError;
            // The run's own row loses its bottom rule when its error line follows.
            const joined = error ? { '& > td': { borderBottom: 'none' } } : undefined;
            return (
              <Fragment key={run.id}>
                <TableRow sx={joined}>
                  <TableCell sx={{ pl: 1 }}>
                    {/* The start may wrap: on a narrow card the counts stay in view. */}
                    <Typography variant="body2" component="span" sx={{ display: 'block', minWidth: 96 }}>
                      {when(run.startedAt)}
                    </Typography>
                    <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'nowrap' }}>
                      {finishedText(run)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ px: 1 }}>{SYNC_RUN_STATUS_LABELS[run.status]}</TableCell>
                  <TableCell {...count}>{countFormat.format(run.added)}</TableCell>
                  <TableCell {...count}>{countFormat.format(run.updated)}</TableCell>
                  <TableCell {...count}>{countFormat.format(run.failed)}</TableCell>
                </TableRow>
                {error && (
                  <TableRow>
                    <TableCell colSpan={5} sx={{ pl: 1, pt: 0, overflowWrap: 'anywhere' }}>
                      <Typography variant="caption" sx={{ color: 'error.main' }}>
                        {CONNECTOR_LABELS.firstError}: {error}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
