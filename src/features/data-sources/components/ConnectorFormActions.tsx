import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { CONNECTOR_LABELS } from '@domain/data/connectors';

export interface ConnectorFormActionsProps {
  onCancel: () => void;
  /** While the save runs, Cancel waits for it. */
  saving: boolean;
  /** Runs the connection test; without it the test is not offered. */
  onTest?: () => void;
  testing: boolean;
  submitLabel: string;
  /** The form cannot be sent yet (besides while a save or a test runs). */
  submitDisabled: boolean;
}

/** The connect and settings forms' buttons: Cancel, Test Connection where there is something to test, and the submit button. */
export function ConnectorFormActions({ onCancel, saving, onTest, testing, submitLabel, submitDisabled }: ConnectorFormActionsProps) {
  const busy = saving || testing;
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      {onTest && (
        <Button onClick={onTest} disabled={busy} aria-live="polite">
          {testing ? CONNECTOR_LABELS.testing : CONNECTOR_LABELS.testConnection}
        </Button>
      )}
      <Button type="submit" variant="contained" disabled={submitDisabled || busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
