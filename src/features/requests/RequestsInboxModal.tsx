/**
 * The Requests Inbox, global admins only: the custom API requests sent from Data Sources and the
 * Contact Sales requests sent from Plans, from every company, newest first.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ServiceRequest } from '@domain/requests';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { useServiceRequests } from './api';
import { filterRequests, KIND_FILTER_LABELS, KIND_FILTERS, type KindFilter } from './inbox';
import { RequestCard } from './RequestCard';

export const REQUESTS_INBOX_TITLE = 'Requests Inbox';

const countOf = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`;

export default function RequestsInboxModal({ open, onClose }: ModalProps) {
  const requests = useServiceRequests(open);

  let content;
  if (requests.isPending) {
    content = (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading requests" />
      </Stack>
    );
  } else if (requests.data === undefined) {
    content = <LoadFailure error={requests.error} onRetry={() => void requests.refetch()} />;
  } else {
    content = (
      <Stack spacing={2}>
        {/* A failed refresh keeps the requests already shown, and says so. */}
        {requests.isError && <LoadFailure error={requests.error} onRetry={() => void requests.refetch()} />}
        {requests.data.length === 0 ? <EmptyInbox /> : <Inbox requests={requests.data} />}
      </Stack>
    );
  }

  return (
    <ModalDialog open={open} onClose={onClose} title={REQUESTS_INBOX_TITLE} maxWidth="md">
      {content}
    </ModalDialog>
  );
}

function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <FailureAlert title="Failed to load requests" error={error} onRetry={onRetry} />;
}

function EmptyInbox() {
  return (
    <Box sx={{ py: 4, textAlign: 'center' }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        No requests yet
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Requests sent with Request Custom API on the Data Sources screen and Contact Sales on the Plans page appear here.
      </Typography>
    </Box>
  );
}

function Inbox({ requests }: { requests: readonly ServiceRequest[] }) {
  const [kind, setKind] = useState<KindFilter>('all');
  const shown = filterRequests(requests, kind);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          // Clicking the chosen kind again would leave none chosen: keep it.
          onChange={(_event, next: KindFilter | null) => next && setKind(next)}
          aria-label="Filter by kind"
        >
          {KIND_FILTERS.map((filter) => (
            <ToggleButton key={filter} value={filter}>
              {KIND_FILTER_LABELS[filter]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
          {kind === 'all' ? countOf(requests.length) : `${shown.length} of ${countOf(requests.length)}`}
        </Typography>
      </Stack>
      {shown.length === 0 ? (
        <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
          No {KIND_FILTER_LABELS[kind]} requests.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} aria-label="Requests" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
