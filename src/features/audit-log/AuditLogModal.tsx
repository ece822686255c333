/**
 * The audit log, for company administrators (their company's) and global admins (the company
 * filter of the header chooses whose): every security and administration action, newest first,
 * with who did it, from where and on what. Filters, a page at a time ("Load more"), and the
 * filtered log as a CSV file. Read-only: entries are never changed or deleted.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { GridColDef } from '@mui/x-data-grid';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_LABELS,
  AUDIT_TARGET_TYPES,
  type AuditActorKind,
  type AuditChange,
  type AuditEntryView,
} from '@domain/audit/types';
import { useCompanyFilter } from '@/lib/session';
import { DataTable } from '@/ui/DataTable';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { downloadAuditCsv, NO_AUDIT_FILTERS, useAuditLog, type AuditFilters } from './api';

export const AUDIT_LOG_TITLE = 'Audit Log';
export const NO_AUDIT_ENTRIES = 'No entries match these filters.';

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const ACTOR_KIND_LABELS: Record<AuditActorKind, string> = { user: '', api_key: 'API key', anonymous: 'Unknown', system: 'Navout' };

function actorText(entry: AuditEntryView): string {
  if (entry.actor.email) return entry.actor.email;
  const kind = ACTOR_KIND_LABELS[entry.actor.kind];
  return entry.actor.id ? `${kind} ${entry.actor.id}`.trim() : kind || 'Unknown';
}

function targetText(entry: AuditEntryView): string {
  return `${AUDIT_TARGET_LABELS[entry.target.type]}${entry.target.label ? `: ${entry.target.label}` : ''}`;
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** "field: before → after" per changed field; a refusal's code when there is no change. */
export function changeText(changes: AuditChange | null, code: string | null): string {
  if (!changes) return code ? `Refused: ${code}` : '';
  const fields = [...new Set([...Object.keys(changes.before ?? {}), ...Object.keys(changes.after ?? {})])];
  return fields
    .map((field) => {
      const before = changes.before && field in changes.before ? valueText(changes.before[field]) : null;
      const after = changes.after && field in changes.after ? valueText(changes.after[field]) : null;
      if (before !== null && after !== null) return `${field}: ${before} → ${after}`;
      return `${field}: ${after ?? before}`;
    })
    .join('; ');
}

export default function AuditLogModal({ open, onClose }: ModalProps) {
  const { filterParam } = useCompanyFilter();
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [actorDraft, setActorDraft] = useState('');
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const log = useAuditLog(filterParam, filters, open);
  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadAuditCsv(filterParam, filters);
    } catch (failure) {
      setDownloadError(failure);
    } finally {
      setDownloading(false);
    }
  };

  let content;
  if (log.isPending) {
    content = (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the audit log" />
      </Stack>
    );
  } else if (log.data === undefined) {
    content = <FailureAlert title="Failed to load the audit log" error={log.error} onRetry={() => void log.refetch()} />;
  } else if (entries.length === 0) {
    content = <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{NO_AUDIT_ENTRIES}</Typography>;
  } else {
    content = (
      <Stack spacing={2}>
        {log.isError && <FailureAlert title="Failed to load the audit log" error={log.error} onRetry={() => void log.refetch()} />}
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
          {`${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}${log.hasNextPage ? ' shown' : ''}`}
        </Typography>
        <AuditTable entries={entries} />
        {log.hasNextPage && (
          <Box sx={{ textAlign: 'center' }}>
            <Button variant="outlined" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
              Load more
            </Button>
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={AUDIT_LOG_TITLE}
      subtitle="Sign-ins, users, roles, API keys, credentials, exports and settings: who did what, when and from where."
      maxWidth="xl"
      actions={
        <Button startIcon={<DownloadIcon />} variant="contained" onClick={() => void download()} loading={downloading}>
          Download CSV
        </Button>
      }
    >
      <Stack spacing={2}>
        <Grid container spacing={1.5} component="form" aria-label="Audit log filters" onSubmit={(event) => event.preventDefault()}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <SelectField
              label="Action"
              value={filters.action}
              options={[{ value: '', label: 'All actions' }, ...optionsOf(AUDIT_ACTIONS, AUDIT_ACTION_LABELS)]}
              onChange={(action) => set({ action })}
              fullWidth
              size="small"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <SelectField
              label="Target"
              value={filters.targetType}
              options={[{ value: '', label: 'All targets' }, ...optionsOf(AUDIT_TARGET_TYPES, AUDIT_TARGET_LABELS)]}
              onChange={(targetType) => set({ targetType })}
              fullWidth
              size="small"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              label="Actor"
              placeholder="E-mail address or id"
              value={actorDraft}
              onChange={(event) => setActorDraft(event.target.value)}
              onBlur={() => set({ actor: actorDraft })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') set({ actor: actorDraft });
              }}
              fullWidth
              size="small"
            />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <TextField
              label="From"
              type="date"
              value={filters.from}
              onChange={(event) => set({ from: event.target.value })}
              fullWidth
              size="small"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <TextField
              label="To"
              type="date"
              value={filters.to}
              onChange={(event) => set({ to: event.target.value })}
              fullWidth
              size="small"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
            />
          </Grid>
        </Grid>
        {downloadError !== null && <FailureAlert title="The download failed" error={downloadError} onRetry={() => void download()} />}
        {content}
      </Stack>
    </ModalDialog>
  );
}

function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const columns = useMemo<GridColDef<AuditEntryView>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: 'When',
        width: 170,
        renderCell: ({ row }) => <time dateTime={row.createdAt}>{whenFormat.format(new Date(row.createdAt))}</time>,
      },
      { field: 'action', headerName: 'Action', width: 210, valueGetter: (_value, row) => AUDIT_ACTION_LABELS[row.action] },
      { field: 'actor', headerName: 'Actor', flex: 1, minWidth: 180, valueGetter: (_value, row) => actorText(row) },
      { field: 'address', headerName: 'Address', width: 140, valueGetter: (value: string | null) => value ?? '' },
      { field: 'target', headerName: 'Target', flex: 1, minWidth: 180, valueGetter: (_value, row) => targetText(row) },
      { field: 'changes', headerName: 'Change', flex: 1.4, minWidth: 220, sortable: false, valueGetter: (_value, row) => changeText(row.changes, row.code) },
    ],
    [],
  );
  return <DataTable rows={entries} columns={columns} label="Audit log entries" maxHeight={560} wrapText />;
}
