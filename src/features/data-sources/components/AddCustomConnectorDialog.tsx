import { useId, useRef, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { MANIFEST_MAX_BYTES } from '@domain/data/connectorManifest/schema';
import { CUSTOM_CONNECTOR_LABELS, CUSTOM_CONNECTOR_MESSAGES, customConnectorTextSchema, type CustomConnectorTextInput, type CustomConnectorView } from '@domain/data/customConnectors';
import { serverMessage } from '@/lib/failure';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { fieldErrorsOf, useAddCustomConnector, useUpdateCustomConnector } from '../api';

export const CANCEL_LABEL = 'Cancel';

export interface AddCustomConnectorDialogProps {
  open: boolean;
  /** The company in view, for a global admin; undefined adds it for the signed-in user's own company. */
  companyId: string | undefined;
  /** The connector to edit: its definition fills the field, and Save stores a new version of it. Absent: a new connector. */
  connector?: CustomConnectorView;
  onClose: () => void;
  /** Stored: the caller says so and lists it. */
  onAdded: (connector: CustomConnectorView) => void;
  /** A new version stored (editing). */
  onUpdated?: (connector: CustomConnectorView) => void;
}

/**
 * Add a custom connector, or edit one: a definition pasted or uploaded as JSON, checked by the same
 * reader the server runs (an error names the definition's field path), then stored for the company.
 */
export function AddCustomConnectorDialog({ open, ...props }: AddCustomConnectorDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      {/* The dialog unmounts its content once closed: every opening starts blank. */}
      <AddCustomConnectorForm titleId={titleId} {...props} />
    </Dialog>
  );
}

function AddCustomConnectorForm({ titleId, companyId, connector, onClose, onAdded, onUpdated }: Omit<AddCustomConnectorDialogProps, 'open'> & { titleId: string }) {
  const added = useAddCustomConnector();
  const updated = useUpdateCustomConnector();
  const save = connector ? updated : added;
  const fileRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const { control, handleSubmit, setError, setValue } = useForm<CustomConnectorTextInput>({
    resolver: yupResolver(customConnectorTextSchema),
    // Editing starts from the stored definition, as the engine reads it.
    defaultValues: { definition: connector ? JSON.stringify(connector.definition, null, 2) : '', name: '', stream: '' },
  });

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Read only what a definition may be: the reader refuses more anyway, and a huge file would hang the page.
    if (file.size > MANIFEST_MAX_BYTES * 4) {
      setError('definition', { message: CUSTOM_CONNECTOR_MESSAGES.fileTooLarge });
      return;
    }
    setValue('definition', await file.text(), { shouldValidate: true });
  };

  // The server names the field as definition.<path>, and its message says the path too.
  const onError = (error: unknown) => {
    const [message] = Object.values(fieldErrorsOf(error));
    if (message) setError('definition', { message: serverMessage(error, message) });
  };
  const submit = handleSubmit(({ definition, name, stream }) => {
    if (connector) updated.mutate({ id: connector.id, definition }, { onSuccess: (saved) => onUpdated?.(saved), onError });
    else added.mutate({ definition, ...(companyId ? { companyId } : {}), ...(name ? { name } : {}), ...(stream ? { stream } : {}) }, { onSuccess: (saved) => onAdded(saved), onError });
  });
  const refusedOnField = save.isError && Object.keys(fieldErrorsOf(save.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{connector ? CUSTOM_CONNECTOR_LABELS.editTitle : CUSTOM_CONNECTOR_LABELS.addTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={helpId}>{connector ? CUSTOM_CONNECTOR_MESSAGES.editHelp : CUSTOM_CONNECTOR_MESSAGES.addHelp}</DialogContentText>
          <FormTextField
            control={control}
            name="definition"
            label={CUSTOM_CONNECTOR_LABELS.definition}
            required
            fullWidth
            multiline
            minRows={8}
            maxRows={18}
            autoFocus
            placeholder={'{\n  "version": 1,\n  "name": "…",\n  "streams": [ … ]\n}'}
            slotProps={{ htmlInput: { spellCheck: false, 'aria-describedby': helpId, style: { fontFamily: 'monospace', fontSize: '0.85rem' } } }}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => fileRef.current?.click()} disabled={save.isPending}>
              {CUSTOM_CONNECTOR_LABELS.upload}
            </Button>
            <input ref={fileRef} type="file" accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml" hidden aria-label="Definition file (JSON or YAML)" onChange={(event) => void chooseFile(event)} />
          </Stack>
          {!connector && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="name" label={CUSTOM_CONNECTOR_LABELS.name} fullWidth />
              <FormTextField control={control} name="stream" label={CUSTOM_CONNECTOR_LABELS.stream} fullWidth />
            </Stack>
          )}
          {save.isError && !refusedOnField && <FailureAlert title={connector ? CUSTOM_CONNECTOR_MESSAGES.updateFailed : CUSTOM_CONNECTOR_MESSAGES.addFailed} error={save.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {CANCEL_LABEL}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {connector ? CUSTOM_CONNECTOR_LABELS.saveChanges : CUSTOM_CONNECTOR_LABELS.save}
        </Button>
      </DialogActions>
    </form>
  );
}
