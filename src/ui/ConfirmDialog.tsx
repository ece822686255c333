import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. "Delete Bob Keller? This cannot be undone." */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Colours the confirm button as a destructive action. */
  destructive?: boolean;
  /** While the confirmed action runs: the buttons are disabled and the dialog stays open. */
  busy?: boolean;
  /** Shown under the question when the confirmed action failed, so the admin can retry. */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The product's confirmation prompt; window.confirm is never used. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={descriptionId}>{children}</DialogContentText>
          {error}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color={destructive ? 'error' : 'primary'}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
