import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CONNECTOR_LABELS, type IngestEndpoint } from '@domain/data/connectors';
import { useLastDefined } from '@/lib/useLastDefined';
import { IngestSecretPanel } from './IngestSecretPanel';

export interface IngestSecretDialogProps {
  /** The source's name, for the title. */
  sourceName: string;
  catalogueId: string | undefined;
  /** The rotation's answer with the whole secret; null keeps the dialog closed. */
  endpoint: (IngestEndpoint & { secret: string }) | null;
  onDone: () => void;
}

/** The one time a rotated ingestion secret is seen whole. */
export function IngestSecretDialog({ sourceName, catalogueId, endpoint, onDone }: IngestSecretDialogProps) {
  const titleId = useId();
  // Kept while the dialog fades out, so its content does not vanish first.
  const shown = useLastDefined(endpoint);
  return (
    // No onClose: a click beside it or Escape must not make the secret vanish by accident.
    <Dialog open={endpoint !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{CONNECTOR_LABELS.secretDialogTitle(sourceName)}</DialogTitle>
      <DialogContent>{shown && <IngestSecretPanel endpoint={shown} catalogueId={catalogueId} rotated />}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {CONNECTOR_LABELS.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
