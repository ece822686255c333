import { useId, useRef, useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CreatedApiKey } from '@domain/prediction/contract';
import { saveFile } from '@/lib/download';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { KEY_LABELS, KEY_MESSAGES_SHOWN } from '../labels';
import { PermissionChips } from './PermissionChips';
import { tokenFileBlob, tokenFileName } from './tokenFile';

export interface TokenRevealDialogProps {
  /** The key just created and its token; null once the dialog has let it go. */
  created: CreatedApiKey | null;
  onClose: () => void;
}

/**
 * The one time a token is seen (data document, sections 4 and 8). Copy Token or Download JSON
 * saves it and closes the dialog; closing any other way asks first, since the token is then lost.
 */
export function TokenRevealDialog({ created, onClose }: TokenRevealDialogProps) {
  const notify = useNotify();
  const titleId = useId();
  const tokenField = useRef<HTMLInputElement>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);

  if (!created) return null;

  /** Without the Clipboard API (an insecure page, a refusal) the field's selection is copied instead. */
  const copy = async () => {
    let copied: boolean;
    try {
      await navigator.clipboard.writeText(created.token);
      copied = true;
    } catch {
      tokenField.current?.select();
      copied = document.execCommand?.('copy') ?? false;
    }
    if (!copied) {
      tokenField.current?.select();
      notify.error(KEY_MESSAGES_SHOWN.copyFailed);
      return;
    }
    notify.success(KEY_MESSAGES_SHOWN.copied);
    onClose();
  };

  const download = () => {
    saveFile(tokenFileBlob(created), tokenFileName(created.key.name));
    onClose();
  };

  return (
    <>
      <Dialog open onClose={() => setConfirmingClose(true)} maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Your new API token: {created.key.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{KEY_MESSAGES_SHOWN.securityNotice}</Alert>
            <TextField
              label="API token"
              value={created.token}
              fullWidth
              multiline
              inputRef={tokenField}
              onFocus={(event) => event.target.select()}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <PermissionChips permissions={created.key.permissions} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingClose(true)}>Close</Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
            {KEY_LABELS.downloadJson}
          </Button>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {KEY_LABELS.copyToken}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmingClose}
        title="Close without saving the token?"
        confirmLabel="Close without saving"
        cancelLabel="Keep it open"
        destructive
        onConfirm={() => {
          setConfirmingClose(false);
          onClose();
        }}
        onCancel={() => setConfirmingClose(false)}
      >
        {KEY_MESSAGES_SHOWN.closeWithoutSaving}
      </ConfirmDialog>
    </>
  );
}
