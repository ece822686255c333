/**
 * The audit log, for company administrators (their company's) and global admins (the company
 * filter of the header chooses whose): every security and administration action, newest first,
 * with who did it, from where and on what (AuditTable). Filters (AuditFiltersForm), a page at a
 * time ("Load more"), and the filtered log as a CSV file. Read-only: entries are never changed or
 * deleted, but for an erased person's identifiers, which their erasure replaces.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useCompanyFilter } from '@/lib/session';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { NO_AUDIT_FILTERS, useAuditLog, type AuditFilters } from './api';
import { AuditFiltersForm } from './AuditFiltersForm';
import { AuditTable } from './AuditTable';
import { useAuditDownload } from './useAuditDownload';

export const AUDIT_LOG_TITLE = 'Audit Log';
export const NO_AUDIT_ENTRIES = 'No entries match these filters.';

export default function AuditLogModal({ open, onClose }: ModalProps) {
  const { filterParam } = useCompanyFilter();
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const log = useAuditLog(filterParam, filters, open);
  const csv = useAuditDownload(filterParam, filters);
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);

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
        <Button startIcon={<DownloadIcon />} variant="contained" onClick={() => void csv.download()} loading={csv.downloading}>
          Download CSV
        </Button>
      }
    >
      <Stack spacing={2}>
        <AuditFiltersForm filters={filters} onChange={(change) => setFilters((current) => ({ ...current, ...change }))} />
        {csv.error !== null && <FailureAlert title="The download failed" error={csv.error} onRetry={() => void csv.download()} />}
        {content}
      </Stack>
    </ModalDialog>
  );
}
