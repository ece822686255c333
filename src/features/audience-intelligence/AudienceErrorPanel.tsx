import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AUDIENCE_MESSAGES } from '@domain/audience/contract';
import { failureReason } from '@/lib/failure';

export interface AudienceErrorPanelProps {
  /** Which call failed, in the specification's words ("Failed to load audience metrics"). */
  message: string;
  error: unknown;
  onRetry: () => void;
}

/** "Error Loading Data" (section 2) with what failed, the server's reason, and Retry. */
export function AudienceErrorPanel({ message, error, onRetry }: AudienceErrorPanelProps) {
  const reason = failureReason(error);
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {AUDIENCE_MESSAGES.retry}
        </Button>
      }
    >
      <AlertTitle>{AUDIENCE_MESSAGES.errorTitle}</AlertTitle>
      <Typography variant="body2">{message}</Typography>
      {reason && (
        <Typography variant="body2" sx={{ opacity: 0.85 }}>
          {reason}
        </Typography>
      )}
    </Alert>
  );
}
