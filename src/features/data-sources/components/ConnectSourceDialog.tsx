import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CatalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, type ConnectorDefinition, type IngestEndpoint } from '@domain/data/connectors';
import type { ConnectSourceInput, DataSource } from '@domain/data/sources';
import { errorCodeOf } from '@domain/errors';
import { serverMessage } from '@/lib/failure';
import { FailureAlert } from '@/ui/FailureAlert';
import { fieldErrorsOf, useConnectSource, useIngestSecret, useTestConnection } from '../api';
import { useConnectorLookup } from '../connectorLookup';
import { ConnectionTestResult } from './ConnectionTestResult';
import { ConnectorSettingField } from './ConnectorSettingField';
import {
  API_KEY_SETTING,
  filledSettingValues,
  initialSettingValues,
  settingsFormSchema,
  type SettingsFormValues,
} from './connectorSettingsForm';
import { IngestSecretPanel } from './IngestSecretPanel';

export const CONNECT_LABEL = 'Connect';
export const CANCEL_LABEL = 'Cancel';
export const DOCUMENTATION_LABEL = 'API documentation';
export const SOURCE_NAME_LABEL = 'Source name';

export interface ConnectSourceDialogProps {
  /** The catalogue source to connect, kept while the dialog closes. */
  source: CatalogueSource;
  open: boolean;
  /** The company in view, for a global admin; undefined connects for the signed-in user's own company. */
  companyId: string | undefined;
  /**
   * A further source of an entry the company already has ("Add source"): the dialog asks for its
   * name, starting from this one ("Stripe 2"). Without it the source takes the entry's name.
   */
  defaultName?: string;
  onClose: () => void;
  /** Called once it is connected (for a pushed source, once its ingestion secret has been seen). */
  onConnected: (created: DataSource) => void;
  /** The server says it is connected already under the entry's name (409): the caller opens its settings instead. */
  onAlreadyConnected: (source: CatalogueSource, error: unknown) => void;
}

/**
 * Connect a catalogue source: the settings its connector asks for (a vendor's key in a password
 * field), a connection test before saving, and for a pushed source its ingestion URL and secret.
 */
export function ConnectSourceDialog({ source, open, ...props }: ConnectSourceDialogProps) {
  const titleId = useId();
  // While the new ingestion secret is shown, Escape or a click beside the dialog must not lose it.
  const [showingSecret, setShowingSecret] = useState(false);
  const definition = useConnectorLookup()(source.id);
  return (
    <Dialog open={open} onClose={showingSecret ? undefined : props.onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* The dialog unmounts its content once closed: every opening starts with an empty form. */}
      {definition ? (
        <ConnectSourceForm key={source.id} titleId={titleId} source={source} definition={definition} onShowingSecret={setShowingSecret} {...props} />
      ) : (
        <>
          <DialogTitle id={titleId}>Connect {source.name}</DialogTitle>
          <DialogContent>
            <Alert severity="info">{CONNECTOR_MESSAGES.noConnector}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{CANCEL_LABEL}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

type ConnectSourceFormProps = Omit<ConnectSourceDialogProps, 'source' | 'open'> & {
  titleId: string;
  source: CatalogueSource;
  definition: ConnectorDefinition;
  onShowingSecret: (showing: boolean) => void;
};

function ConnectSourceForm({
  titleId,
  source,
  definition,
  companyId,
  defaultName,
  onClose,
  onConnected,
  onAlreadyConnected,
  onShowingSecret,
}: ConnectSourceFormProps) {
  const named = defaultName !== undefined;
  const [name, setName] = useState(defaultName ?? '');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const connect = useConnectSource();
  const test = useTestConnection();
  const ingestSecret = useIngestSecret();
  const [created, setCreated] = useState<DataSource | null>(null);
  const [endpoint, setEndpoint] = useState<(IngestEndpoint & { secret: string }) | null>(null);
  const { settings } = definition;
  const schema = useMemo(() => settingsFormSchema(settings, { keepsSecrets: false }), [settings]);
  const {
    control,
    handleSubmit,
    setError,
    watch,
    formState: { isValid },
  } = useForm<SettingsFormValues>({
    resolver: yupResolver(schema) as unknown as Resolver<SettingsFormValues>,
    mode: 'onChange',
    defaultValues: { settings: initialSettingValues(settings) },
  });

  // A test result speaks of the values it tested: any change makes it stale.
  const resetTest = test.reset;
  useEffect(() => {
    const subscription = watch(() => resetTest());
    return () => subscription.unsubscribe();
  }, [watch, resetTest]);

  const inputOf = (values: SettingsFormValues): ConnectSourceInput => {
    const { [API_KEY_SETTING]: apiKey, ...rest } = filledSettingValues(settings, values.settings);
    return {
      catalogueId: source.id,
      settings: rest,
      ...(typeof apiKey === 'string' ? { apiKey } : {}),
      ...(companyId ? { companyId } : {}),
    };
  };

  const showErrors = (error: unknown) => {
    for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
      if (field === 'name') setNameError(message);
      // The server names a setting either by itself or under settings (settings.baseUrl).
      const name = field.replace(/^settings\./, '');
      if (settings.some((setting) => setting.name === name)) setError(`settings.${name}`, { message });
    }
  };

  const createSecret = (sourceId: string) =>
    ingestSecret.mutate(sourceId, {
      onSuccess: (answer) => {
        if (answer.secret) setEndpoint({ ...answer, secret: answer.secret });
      },
    });

  const submit = handleSubmit((values) =>
    connect.mutate({ ...inputOf(values), ...(named ? { name: name.trim() } : {}) }, {
      onSuccess: (source) => {
        if (definition.kind !== 'webhook') {
          onConnected(source);
          return;
        }
        setCreated(source);
        onShowingSecret(true);
        createSecret(source.id);
      },
      onError: (error) => {
        // A name of its own that is taken is the name field's error; the entry's own name is the source the company has.
        if (errorCodeOf(error) === 'already_exists' && !fieldErrorsOf(error).name) onAlreadyConnected(source, error);
        else showErrors(error);
      },
    }),
  );

  const runTest = handleSubmit((values) => test.mutate(inputOf(values), { onError: showErrors }));

  if (created) {
    const done = () => {
      onShowingSecret(false);
      onConnected(created);
    };
    return (
      <>
        <DialogTitle id={titleId}>Connect {source.name}</DialogTitle>
        <DialogContent>
          {endpoint ? (
            <IngestSecretPanel endpoint={endpoint} catalogueId={source.id} rotated={false} />
          ) : ingestSecret.isError ? (
            <FailureAlert title={CONNECTOR_MESSAGES.secretFailed} error={ingestSecret.error} onRetry={() => createSecret(created.id)} />
          ) : (
            <DialogContentText>{CONNECTOR_MESSAGES.pushedSource(created.name)}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={done} disabled={ingestSecret.isPending}>
            {CONNECTOR_LABELS.done}
          </Button>
        </DialogActions>
      </>
    );
  }

  const failed = connect.isError && errorCodeOf(connect.error) !== 'already_exists';
  const nameMissing = named && name.trim() === '';
  const busy = connect.isPending || test.isPending;

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Connect {source.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {definition.kind === 'webhook'
              ? CONNECTOR_MESSAGES.pushedSource(source.name)
              : `Enter the details ${source.name} needs. Secrets are stored encrypted and are never shown again.`}
            {definition.documentation && (
              <>
                {' '}
                <Link href={definition.documentation} target="_blank" rel="noopener noreferrer">
                  {DOCUMENTATION_LABEL}
                </Link>
              </>
            )}
          </DialogContentText>
          {named && (
            <TextField
              label={SOURCE_NAME_LABEL}
              required
              autoFocus
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
              error={Boolean(nameError) || nameMissing}
              helperText={nameError ?? (nameMissing ? 'Name is required' : `Tells it apart from the ${source.name} source you have.`)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          )}
          {settings.map((setting, index) => (
            <ConnectorSettingField key={setting.name} setting={setting} control={control} autoFocus={!named && index === 0} />
          ))}
          <ConnectionTestResult test={test} sourceName={source.name} />
          {failed && (
            <Alert severity="error" role="alert">
              <AlertTitle>Failed to connect {source.name}</AlertTitle>
              {serverMessage(connect.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={connect.isPending}>
          {CANCEL_LABEL}
        </Button>
        {definition.kind !== 'webhook' && (
          <Button onClick={() => void runTest()} disabled={busy} aria-live="polite">
            {test.isPending ? CONNECTOR_LABELS.testing : CONNECTOR_LABELS.testConnection}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={!isValid || busy || nameMissing}>
          {CONNECT_LABEL}
        </Button>
      </DialogActions>
    </form>
  );
}
