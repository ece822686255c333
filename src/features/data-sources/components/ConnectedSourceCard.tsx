import { useId } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Alert from '@mui/material/Alert';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { catalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES, FILE_UPLOAD_TYPE, type DataSource, type DataSourceStatus } from '@domain/data/sources';
import { isSyncing } from '../api';
import { IngestEndpointSummary } from './IngestEndpointSummary';
import { ScheduleSelect } from './ScheduleSelect';
import { SourceMonogram } from './SourceMonogram';
import { SyncHistory } from './SyncHistory';

/** 'active' is shown as connected (data document, section 3). */
export const STATUS_LABELS: Record<DataSourceStatus, string> = {
  active: 'Connected',
  syncing: 'Syncing',
  error: 'Error',
};

const STATUS_COLOURS: Record<DataSourceStatus, ChipProps['color']> = {
  active: 'success',
  syncing: 'info',
  error: 'error',
};

export const SYNCING_LABEL = 'Syncing...';
export const SETTINGS_LABEL = 'Settings';
export const NEVER_SYNCED = 'Never synced';

const lastSyncFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const countFormat = new Intl.NumberFormat();

/** "Last sync: 28 May 2026, 16:20" in the reader's locale. */
export function lastSyncText(lastSync: string | null): string {
  return lastSync ? `Last sync: ${lastSyncFormat.format(new Date(lastSync))}` : NEVER_SYNCED;
}

export function recordsText(records: number): string {
  return `${countFormat.format(records)} ${records === 1 ? 'record' : 'records'}`;
}

/** A source outside the catalogue gets its initials on a neutral tile. */
function tileOf(source: DataSource, neutral: string): { icon: string; color: string } {
  const entry = source.availableDataSource ? catalogueSource(source.availableDataSource.id) : undefined;
  if (entry) return { icon: entry.icon, color: entry.color };
  return { icon: source.name.slice(0, 2).toUpperCase(), color: neutral };
}

export interface ConnectedSourceCardProps {
  source: DataSource;
  /** Shown when sources of several companies are listed (a global admin viewing all). */
  companyName?: string;
  /** Without data_sources:write the card has no buttons. */
  canManage: boolean;
  /** Its Sync Now call runs (the server's state says whether a sync is queued or running). */
  syncing: boolean;
  /** Its delete call runs. */
  deleting: boolean;
  onSync: (source: DataSource) => void;
  onDelete: (source: DataSource) => void;
  onOpenSettings: (source: DataSource) => void;
  /** "Import another file" on a file source: an updated or further file into the same source. */
  onImportFile?: (source: DataSource) => void;
}

export const IMPORT_ANOTHER_FILE = 'Import another file';

/**
 * One connected source: name, description or type, records, last sync, status (a running sync's
 * progress, a failed one's first error), and its actions. A pulled source has Sync Now, its
 * schedule and its sync history; a pushed (webhook) source shows its ingestion URL and Rotate secret.
 */
export function ConnectedSourceCard({
  source,
  companyName,
  canManage,
  syncing,
  deleting,
  onSync,
  onDelete,
  onOpenSettings,
  onImportFile,
}: ConnectedSourceCardProps) {
  const titleId = useId();
  const syncingNow = syncing || isSyncing(source);
  const status: DataSourceStatus = syncingNow ? 'syncing' : source.status;
  const busy = syncingNow || deleting;
  const pushed = source.connectorKind === 'webhook';
  const pulled = source.connectorKind !== null && !pushed;
  const firstError = source.status === 'error' && !syncingNow ? source.lastRun?.firstError : null;
  const tile = tileOf(source, useTheme().palette.grey[700]);
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <SourceMonogram icon={tile.icon} color={tile.color} />
          <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography
                id={titleId}
                variant="subtitle1"
                component="h2"
                sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
              >
                {source.name}
              </Typography>
              <Chip size="small" label={STATUS_LABELS[status]} color={STATUS_COLOURS[status]} />
            </Stack>
            {companyName && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {companyName}
              </Typography>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {source.description || source.type}
            </Typography>
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ mt: 2, columnGap: 3, rowGap: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {recordsText(source.records)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {lastSyncText(source.lastSync)}
          </Typography>
        </Stack>
        {syncingNow && (
          <Stack spacing={0.5} sx={{ mt: 1.5 }}>
            <LinearProgress aria-label={`${CONNECTOR_LABELS.syncProgress}: ${source.name}`} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
              {CONNECTOR_MESSAGES.recordsProcessed(source.lastRun?.processed ?? 0)}
            </Typography>
          </Stack>
        )}
        {firstError && (
          <Alert severity="error" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
            {firstError}
          </Alert>
        )}
        {pushed && (
          <Box sx={{ mt: 2 }}>
            <IngestEndpointSummary source={source} canManage={canManage} describedBy={titleId} />
          </Box>
        )}
        {pulled && (
          <Stack spacing={1} sx={{ mt: 2 }}>
            <Box>
              <ScheduleSelect source={source} disabled={!canManage || deleting} />
            </Box>
            <SyncHistory source={source} />
          </Stack>
        )}
      </CardContent>
      {canManage && (
        <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {!pushed && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<SyncIcon />}
              disabled={busy}
              aria-describedby={titleId}
              onClick={() => onSync(source)}
            >
              {syncingNow ? SYNCING_LABEL : DATA_SOURCE_LABELS.syncNow}
            </Button>
          )}
          {onImportFile && source.type === FILE_UPLOAD_TYPE && (
            <Button size="small" startIcon={<UploadFileIcon />} disabled={busy} aria-describedby={titleId} onClick={() => onImportFile(source)}>
              {IMPORT_ANOTHER_FILE}
            </Button>
          )}
          <Button
            size="small"
            startIcon={<SettingsOutlinedIcon />}
            disabled={deleting}
            aria-describedby={titleId}
            onClick={() => onOpenSettings(source)}
          >
            {SETTINGS_LABEL}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            disabled={deleting}
            aria-describedby={titleId}
            onClick={() => onDelete(source)}
            sx={{ ml: 'auto' }}
          >
            {deleting ? DATA_SOURCE_MESSAGES.deleting : DATA_SOURCE_LABELS.delete}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
