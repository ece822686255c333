import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { CatalogueSource } from '@domain/data/catalogue';
import { connectSourceSchema, type DataSource } from '@domain/data/sources';
import { errorCodeOf } from '@domain/errors';
import { useLastDefined } from '@/lib/useLastDefined';
import { FormTextField } from '@/ui/FormTextField';
import { explanationOf, fieldErrorsOf, useConnectSource } from '../api';
import { ApiKeyField } from './ApiKeyField';

export const CONNECT_LABEL = 'Connect';

/** The company is not part of the form: it is the one in view, and the server checks it. */
const connectFormSchema = connectSourceSchema.pick(['catalogueId', 'apiKey', 'accountId']);

export interface ConnectSourceDialogProps {
  /** The catalogue source to connect; null keeps the dialog closed. */
  source: CatalogueSource | null;
  /** The company in view, for a global admin; undefined connects for the signed-in user's own company. */
  companyId: string | undefined;
  onClose: () => void;
  onConnected: (created: DataSource) => void;
  /** The server says it is connected already (409): the caller opens its settings instead. */
  onAlreadyConnected: (source: CatalogueSource, error: unknown) => void;
}

/** Connect a catalogue source: its API key (a password field) and an optional account id. */
export function ConnectSourceDialog({ source, ...props }: ConnectSourceDialogProps) {
  const titleId = useId();
  const shown = useLastDefined(source);
  return (
    <Dialog open={Boolean(source)} onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* The dialog unmounts its content once closed: every opening starts with an empty form. */}
      {shown && <ConnectSourceForm key={shown.id} titleId={titleId} source={shown} {...props} />}
    </Dialog>
  );
}

type ConnectSourceFormProps = Omit<ConnectSourceDialogProps, 'source'> & { titleId: string; source: CatalogueSource };

function ConnectSourceForm({ titleId, source, companyId, onClose, onConnected, onAlreadyConnected }: ConnectSourceFormProps) {
  const connect = useConnectSource();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isValid },
  } = useForm({
    resolver: yupResolver(connectFormSchema),
    mode: 'onChange',
    defaultValues: { catalogueId: source.id, apiKey: '', accountId: '' },
  });

  const submit = handleSubmit(({ apiKey, accountId }) =>
    connect.mutate(
      { catalogueId: source.id, apiKey, accountId: accountId || null, ...(companyId ? { companyId } : {}) },
      {
        onSuccess: (created) => onConnected(created),
        onError: (error) => {
          if (errorCodeOf(error) === 'already_exists') {
            onAlreadyConnected(source, error);
            return;
          }
          for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
            if (field === 'apiKey' || field === 'accountId') setError(field, { message });
          }
        },
      },
    ),
  );

  const failed = connect.isError && errorCodeOf(connect.error) !== 'already_exists';

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Connect {source.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Enter the API key {source.name} gave you. It is stored encrypted and is never shown again.
          </DialogContentText>
          <ApiKeyField control={control} name="apiKey" label="API Key" required fullWidth autoFocus />
          <FormTextField control={control} name="accountId" label="Account ID" helperText="Optional" fullWidth />
          {failed && (
            <Alert severity="error">
              <AlertTitle>Failed to connect {source.name}</AlertTitle>
              {explanationOf(connect.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={connect.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!isValid || connect.isPending}>
          {CONNECT_LABEL}
        </Button>
      </DialogActions>
    </form>
  );
}
