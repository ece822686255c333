import { useState } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, type IngestEndpoint } from '@domain/data/connectors';
import type { DataSource } from '@domain/data/sources';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useDialogSubject } from '@/lib/useDialogSubject';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { CopyButton } from '@/ui/CopyButton';
import { useIngestSecret } from '../api';
import { IngestSecretDialog } from './IngestSecretDialog';

export interface IngestEndpointSummaryProps {
  source: DataSource;
  canManage: boolean;
  /** The card's title, which the buttons name as what they act on. */
  describedBy?: string;
}

/** A pushed source's card: its ingestion URL to copy, the secret's hint, and Rotate secret (shown once). */
export function IngestEndpointSummary({ source, canManage, describedBy }: IngestEndpointSummaryProps) {
  const notify = useNotify();
  const rotate = useIngestSecret();
  const [confirming, setConfirming] = useState(false);
  const fresh = useDialogSubject<IngestEndpoint & { secret: string }>();
  const ingest = source.ingest;

  const run = () =>
    rotate.mutate(source.id, {
      onSuccess: (answer) => {
        setConfirming(false);
        if (answer.secret) fresh.show({ ...answer, secret: answer.secret });
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(withReason(CONNECTOR_MESSAGES.rotateFailed(source.name), error));
      },
    });

  return (
    <Stack spacing={1}>
      {ingest && (
        <Box>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {CONNECTOR_LABELS.ingestionUrl}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flexGrow: 1 }}>
              {ingest.url}
            </Typography>
            <CopyButton text={ingest.url} label={CONNECTOR_LABELS.copyUrl} describedBy={describedBy} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
            <KeyIcon fontSize="small" aria-hidden />
            <Typography variant="body2">
              {CONNECTOR_LABELS.ingestionSecret}: <Box component="span" sx={{ fontFamily: 'monospace' }}>{ingest.secretHint}</Box>
            </Typography>
          </Stack>
        </Box>
      )}
      {canManage && (
        <Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<KeyIcon />}
            disabled={rotate.isPending}
            aria-describedby={describedBy}
            // A first secret replaces nothing: only a rotation asks first.
            onClick={() => (ingest ? setConfirming(true) : run())}
          >
            {CONNECTOR_LABELS.rotateSecret}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title={CONNECTOR_LABELS.rotateSecret}
        confirmLabel={CONNECTOR_LABELS.rotateSecret}
        busy={rotate.isPending}
        onConfirm={run}
        onCancel={() => setConfirming(false)}
      >
        {CONNECTOR_MESSAGES.rotateConfirm(source.name)}
      </ConfirmDialog>
      <IngestSecretDialog
        sourceName={source.name}
        catalogueId={source.availableDataSource?.id}
        endpoint={fresh.shown}
        open={fresh.open}
        onDone={fresh.close}
      />
    </Stack>
  );
}
