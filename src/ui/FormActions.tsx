import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FailureAlert } from './FailureAlert';

export interface FormActionsProps {
  /** The specification's wording for a failed submit, e.g. "Failed to send invitation". */
  failureTitle: string;
  /** The failed submit's error, shown under the title; nothing is shown while it is null. */
  failure: unknown;
  submitLabel: string;
  /** True while the submit runs: both buttons are disabled. */
  pending: boolean;
  /** Disables only the submit button (a required field is still empty, say). */
  submitDisabled?: boolean;
  onCancel: () => void;
}

/** The end of an inline form: why the last submit failed, then Cancel and the submit button. */
export function FormActions({ failureTitle, failure, submitLabel, pending, submitDisabled = false, onCancel }: FormActionsProps) {
  return (
    <>
      {Boolean(failure) && <FailureAlert title={failureTitle} error={failure} />}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={submitDisabled || pending}>
          {submitLabel}
        </Button>
      </Stack>
    </>
  );
}
