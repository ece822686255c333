/**
 * The override logs, global admins only: each time a published survey was given its own identifier
 * settings instead of its company's, who did it, why, and both settings side by side, newest first.
 * The company filter of the header chooses whose logs are listed.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useCompanyFilter } from '@/lib/session';
import { DataTable } from '@/ui/DataTable';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { useOverrideLogs, type OverrideLogEntry } from '../api/overrideLogs';
import { identifierSummaryText, summarizeIdentifiers } from './identifierSummary';

export const OVERRIDE_LOGS_TITLE = 'Override Logs';
export const NO_OVERRIDE_LOGS = 'No identifier overrides yet.';

const countOf = (count: number) => `${count} ${count === 1 ? 'override' : 'overrides'}`;

export default function OverrideLogsDialog({ open, onClose }: ModalProps) {
  const { filterParam } = useCompanyFilter();
  const logs = useOverrideLogs(filterParam, open);

  // Sized to what it shows: the table of logs needs the screen's width, a message does not.
  const hasRows = (logs.data?.length ?? 0) > 0;

  let content;
  if (logs.isPending) {
    content = (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading override logs" />
      </Stack>
    );
  } else if (logs.data === undefined) {
    content = <LoadFailure error={logs.error} onRetry={() => void logs.refetch()} />;
  } else {
    content = (
      <Stack spacing={2}>
        {/* A failed refresh keeps the logs already shown, and says so. */}
        {logs.isError && <LoadFailure error={logs.error} onRetry={() => void logs.refetch()} />}
        {logs.data.length === 0 ? (
          <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{NO_OVERRIDE_LOGS}</Typography>
        ) : (
          <>
            <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
              {countOf(logs.data.length)}
            </Typography>
            <OverrideLogTable logs={logs.data} />
          </>
        )}
      </Stack>
    );
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={OVERRIDE_LOGS_TITLE}
      subtitle="Published surveys that use their own identifier settings instead of their company's."
      maxWidth={hasRows ? 'xl' : 'sm'}
    >
      {content}
    </ModalDialog>
  );
}

function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <FailureAlert title="Failed to load override logs" error={error} onRetry={onRetry} />;
}

const whenFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Whether the identifier is required on one line, the types and their field names under it. */
function IdentifierCell({ settings }: { settings: Parameters<typeof summarizeIdentifiers>[0] }) {
  const { requirement, types } = summarizeIdentifiers(settings);
  return (
    <Box>
      <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 500 }}>
        {requirement}
      </Typography>
      <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {types}
      </Typography>
    </Box>
  );
}

function OverrideLogTable({ logs }: { logs: OverrideLogEntry[] }) {
  const columns = useMemo<GridColDef<OverrideLogEntry>[]>(
    () => [
      {
        field: 'timestamp',
        headerName: 'When',
        width: 170,
        type: 'dateTime',
        valueGetter: (value: string) => new Date(value),
        renderCell: ({ row, value }) => <time dateTime={row.timestamp}>{whenFormat.format(value as Date)}</time>,
      },
      {
        field: 'surveyName',
        headerName: 'Survey',
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Box>
            {row.surveyName}
            {/* The log outlives its survey; the name is the one it had then. */}
            {row.surveyId === null && (
              <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                {' (deleted)'}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'companyName', headerName: 'Company', width: 150, valueGetter: (value: string | null) => value ?? '' },
      { field: 'userName', headerName: 'Changed by', width: 150 },
      {
        field: 'overrideReason',
        headerName: 'Reason',
        flex: 1.4,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) =>
          row.overrideReason.trim() ? (
            row.overrideReason
          ) : (
            <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
              No reason given
            </Typography>
          ),
      },
      {
        field: 'customSettings',
        headerName: 'Identifier settings',
        flex: 1,
        minWidth: 190,
        sortable: false,
        valueGetter: (_value, row) => identifierSummaryText(row.customSettings),
        renderCell: ({ row }) => <IdentifierCell settings={row.customSettings} />,
      },
      {
        field: 'globalSettings',
        headerName: 'Company settings',
        flex: 1,
        minWidth: 190,
        sortable: false,
        valueGetter: (_value, row) => identifierSummaryText(row.globalSettings),
        renderCell: ({ row }) => <IdentifierCell settings={row.globalSettings} />,
      },
    ],
    [],
  );

  return (
    <DataTable
      rows={logs}
      columns={columns}
      label="Override logs"
      maxHeight={560}
      initialSort={[{ field: 'timestamp', sort: 'desc' }]}
      wrapText
    />
  );
}
