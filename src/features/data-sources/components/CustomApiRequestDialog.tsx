import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { customApiRequestSchema } from '@domain/data/sources';
import { useSendServiceRequest } from '@/lib/requests';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';

export const REQUEST_CUSTOM_API_TITLE = 'Request Custom API';
export const SUBMIT_LABEL = 'Submit';

export interface CustomApiRequestDialogProps {
  open: boolean;
  onClose: () => void;
  /** The request is stored; the caller thanks the user (DATA_SOURCE_MESSAGES.requestSent). */
  onSent: () => void;
}

/** Ask for a connector to a service the catalogue lacks: its name and where its API is documented. */
export function CustomApiRequestDialog({ open, onClose, onSent }: CustomApiRequestDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* The dialog unmounts its content once closed: every request starts blank. */}
      <CustomApiRequestForm titleId={titleId} onClose={onClose} onSent={onSent} />
    </Dialog>
  );
}

function CustomApiRequestForm({ titleId, onClose, onSent }: Omit<CustomApiRequestDialogProps, 'open'> & { titleId: string }) {
  const request = useSendServiceRequest();
  const { control, handleSubmit } = useForm({
    resolver: yupResolver(customApiRequestSchema),
    defaultValues: { serviceName: '', documentationUrl: '' },
  });
  // Submit waits for both fields (data document, section 5); the link's format is checked on submit.
  const [serviceName, documentationUrl] = useWatch({ control, name: ['serviceName', 'documentationUrl'] });
  const filled = Boolean(serviceName.trim() && documentationUrl.trim());

  const submit = handleSubmit(({ serviceName: subject, documentationUrl: link }) =>
    request.mutate(
      { kind: 'custom_api', subject, link, contactEmail: null, message: null },
      { onSuccess: () => onSent() },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{REQUEST_CUSTOM_API_TITLE}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Tell us which service you would like to connect and where its API is documented. We will reply by e-mail
            within 2-3 business days.
          </DialogContentText>
          <FormTextField control={control} name="serviceName" label="Service Name" required fullWidth autoFocus />
          <FormTextField
            control={control}
            name="documentationUrl"
            label="Documentation Link"
            type="url"
            placeholder="https://"
            required
            fullWidth
          />
          {request.isError && <FailureAlert title="Failed to send request" error={request.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={request.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!filled || request.isPending}>
          {SUBMIT_LABEL}
        </Button>
      </DialogActions>
    </form>
  );
}
