import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@/ui/CopyButton';

export const SECRET_DIALOG_TITLE = 'Webhook signing secret';
export const SECRET_SHOWN_ONCE = 'Store this secret now: it is shown only once. After you close this window only its first characters can be seen.';
export const SECRET_STORED_LABEL = 'I have stored it';

export interface WebhookSecretDialogProps {
  /** The whole secret from the answer that made it; null keeps the dialog closed. */
  secret: string | null;
  onClose: () => void;
}

/**
 * The one time a webhook secret is seen whole: after it was created or rotated. The receiver
 * needs it to check each request's webhook-signature header (Standard Webhooks).
 */
export function WebhookSecretDialog({ secret, onClose }: WebhookSecretDialogProps) {
  const titleId = useId();
  return (
    // No onClose: a click beside it or Escape must not make the secret vanish by accident.
    <Dialog open={secret !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{SECRET_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{SECRET_SHOWN_ONCE}</Alert>
          <Typography variant="body2">
            Your server verifies every completion request with it: any Standard Webhooks library checks the webhook-id,
            webhook-timestamp and webhook-signature headers against this secret.
          </Typography>
          <TextField
            label="Signing secret"
            value={secret ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <CopyButton text={secret ?? ''} label="Copy Secret" />
        <Button variant="contained" onClick={onClose}>
          {SECRET_STORED_LABEL}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
