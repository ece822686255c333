import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { failureReason } from '@/lib/failure';

export interface FailureAlertProps {
  /** The specification's wording, e.g. "Failed to load users". */
  title: string;
  /** The failure; its message (the server's reason) is the second line. */
  error: unknown;
  onRetry?: () => void;
}

export function FailureAlert({ title, error, onRetry }: FailureAlertProps) {
  const reason = failureReason(error);
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {reason}
    </Alert>
  );
}
