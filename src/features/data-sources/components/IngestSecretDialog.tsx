import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CONNECTOR_LABELS, type IngestEndpoint } from '@domain/data/connectors';
import { IngestSecretPanel } from './IngestSecretPanel';

export interface IngestSecretDialogProps {
  /** The source's name, for the title. */
  sourceName: string;
  catalogueId: string | undefined;
  /** The rotation's answer with the whole secret, kept while the dialog closes; null before the first. */
  endpoint: (IngestEndpoint & { secret: string }) | null;
  open: boolean;
  onDone: () => void;
}

/** The one time a rotated ingestion secret is seen whole. */
export function IngestSecretDialog({ sourceName, catalogueId, endpoint, open, onDone }: IngestSecretDialogProps) {
  const titleId = useId();
  return (
    // No onClose: a click beside it or Escape must not make the secret vanish by accident.
    <Dialog open={open} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{CONNECTOR_LABELS.secretDialogTitle(sourceName)}</DialogTitle>
      <DialogContent>{endpoint && <IngestSecretPanel endpoint={endpoint} catalogueId={catalogueId} rotated />}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {CONNECTOR_LABELS.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
