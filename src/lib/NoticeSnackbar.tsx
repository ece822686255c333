import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';

export interface NoticeSnackbarProps {
  message: string;
  severity: AlertColor;
  open: boolean;
  autoHideDuration: number;
  onClose: () => void;
  onExited: () => void;
}

/**
 * One notice on screen: notifications.tsx queues them. It lives in lib, beside the provider that
 * shows it, since lib imports nothing from ui; a screen may also show one of its own.
 */
export function NoticeSnackbar({ message, severity, open, autoHideDuration, onClose, onExited }: NoticeSnackbarProps) {
  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page must not dismiss a notice before it has been read.
    if (reason !== 'clickaway') onClose();
  };
  return (
    <Snackbar
      open={open}
      autoHideDuration={autoHideDuration}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ transition: { onExited } }}
    >
      <Alert onClose={close} severity={severity} variant="filled" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
