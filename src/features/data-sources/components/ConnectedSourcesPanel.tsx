import type { ReactNode } from 'react';
import CableIcon from '@mui/icons-material/Cable';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_SOURCE_MESSAGES, type DataSource } from '@domain/data/sources';
import { useRevealInBatches } from '@/lib/useRevealInBatches';
import { FailureAlert } from '@/ui/FailureAlert';
import { ConnectedSourceCard } from './ConnectedSourceCard';

export const HOW_TO_GET_DATA_IN = 'Connect a source from Available Sources, or import a CSV, Excel or JSON file, to bring your data in.';
/** Cards put on the page per step: a phone shows two, a wide screen six. */
const CARDS_PER_STEP = 6;

export const ASK_A_DATA_MANAGER = 'Nothing is connected for this company yet. Someone who manages its data can connect a source or import a file.';

/** Why the list is missing or stale, and how to try again. */
export interface LoadFailure {
  /** 'Failed to load data sources' on first load, 'Failed to refresh data sources' after a failed retry. */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** The retry runs. */
  retrying: boolean;
}

export interface ConnectedSourcesPanelProps {
  /** undefined while loading (or when loading failed). */
  sources: DataSource[] | undefined;
  loadFailure?: LoadFailure;
  canManage: boolean;
  /** Company names by id, when sources of several companies are listed. */
  companyNames?: ReadonlyMap<string, string>;
  syncingIds: readonly string[];
  deletingIds: readonly string[];
  onSync: (source: DataSource) => void;
  /** Asks for confirmation first (the caller's dialog). */
  onDelete: (source: DataSource) => void;
  onOpenSettings: (source: DataSource) => void;
  /** "Import another file" on file sources; without it the cards do not offer it. */
  onImportFile?: (source: DataSource) => void;
  /** "Browse Available Sources" of the empty state. */
  onBrowse: () => void;
  /** The Field Mapping panel, shown under the cards once there are sources. */
  mappingPanel?: ReactNode;
}

/** The Connected tab: the load banner, the source cards or the empty state, then the field mapping. */
export function ConnectedSourcesPanel({
  sources,
  loadFailure,
  canManage,
  companyNames,
  syncingIds,
  deletingIds,
  onSync,
  onDelete,
  onOpenSettings,
  onImportFile,
  onBrowse,
  mappingPanel,
}: ConnectedSourcesPanelProps) {
  const drawnCards = useRevealInBatches(sources?.length ?? 0, CARDS_PER_STEP);
  const banner =
    loadFailure &&
    (loadFailure.retrying ? (
      <Stack sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress aria-label="Loading data sources" size={28} />
      </Stack>
    ) : (
      <FailureAlert title={loadFailure.title} error={loadFailure.error} onRetry={loadFailure.onRetry} />
    ));

  if (!sources) {
    return (
      banner ?? (
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading data sources" />
        </Stack>
      )
    );
  }

  if (sources.length === 0) {
    return (
      <Stack spacing={2}>
        {banner}
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, md: 6 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}
        >
          <CableIcon aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
          <Typography variant="h6" component="h2">
            {DATA_SOURCE_MESSAGES.noneConnected}
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>
            {canManage ? HOW_TO_GET_DATA_IN : ASK_A_DATA_MANAGER}
          </Typography>
          <Button variant="contained" onClick={onBrowse}>
            {DATA_SOURCE_MESSAGES.browseSources}
          </Button>
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack spacing={4}>
      {banner}
      <Grid container spacing={2}>
        {sources.slice(0, drawnCards).map((source) => (
          <Grid key={source.id} size={{ xs: 12, md: 6, xl: 4 }}>
            <ConnectedSourceCard
              source={source}
              companyName={companyNames?.get(source.companyId)}
              canManage={canManage}
              syncing={syncingIds.includes(source.id)}
              deleting={deletingIds.includes(source.id)}
              onSync={onSync}
              onDelete={onDelete}
              onOpenSettings={onOpenSettings}
              onImportFile={onImportFile}
            />
          </Grid>
        ))}
      </Grid>
      {mappingPanel}
    </Stack>
  );
}
