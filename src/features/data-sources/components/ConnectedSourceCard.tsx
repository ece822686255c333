import { useId } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { catalogueSource } from '@domain/data/catalogue';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES, type DataSource, type DataSourceStatus } from '@domain/data/sources';
import { SourceMonogram } from './SourceMonogram';

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
  /** Its Sync Now call runs. */
  syncing: boolean;
  /** Its delete call runs. */
  deleting: boolean;
  onSync: (source: DataSource) => void;
  onDelete: (source: DataSource) => void;
  onOpenSettings: (source: DataSource) => void;
}

/** One connected source: name, description or type, records, last sync, status, and its actions. */
export function ConnectedSourceCard({
  source,
  companyName,
  canManage,
  syncing,
  deleting,
  onSync,
  onDelete,
  onOpenSettings,
}: ConnectedSourceCardProps) {
  const titleId = useId();
  const status: DataSourceStatus = syncing ? 'syncing' : source.status;
  const busy = status === 'syncing' || deleting;
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
      </CardContent>
      {canManage && (
        <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<SyncIcon />}
            disabled={busy}
            aria-describedby={titleId}
            onClick={() => onSync(source)}
          >
            {status === 'syncing' ? SYNCING_LABEL : DATA_SOURCE_LABELS.syncNow}
          </Button>
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
