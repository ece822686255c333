import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { CatalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES } from '@domain/data/connectors';
import type { DataSource } from '@domain/data/sources';
import { FailureAlert } from '@/ui/FailureAlert';
import { IngestSecretPanel } from './IngestSecretPanel';
import type { PushedSourceSecret } from './usePushedSourceSecret';

export interface PushedSourceSecretStepProps {
  titleId: string;
  source: CatalogueSource;
  created: DataSource;
  secret: PushedSourceSecret;
  onDone: () => void;
}

/** The connect dialog's last step for a pushed source: its ingestion URL and secret, shown once, until Done. */
export function PushedSourceSecretStep({ titleId, source, created, secret: { endpoint, ingestSecret, retry }, onDone }: PushedSourceSecretStepProps) {
  return (
    <>
      <DialogTitle id={titleId}>Connect {source.name}</DialogTitle>
      <DialogContent>
        {endpoint ? (
          <IngestSecretPanel endpoint={endpoint} catalogueId={source.id} rotated={false} />
        ) : ingestSecret.isError ? (
          <FailureAlert title={CONNECTOR_MESSAGES.secretFailed} error={ingestSecret.error} onRetry={retry} />
        ) : (
          <DialogContentText>{CONNECTOR_MESSAGES.pushedSource(created.name)}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone} disabled={ingestSecret.isPending}>
          {CONNECTOR_LABELS.done}
        </Button>
      </DialogActions>
    </>
  );
}
