import { useId, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { CatalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES, type ConnectorDefinition } from '@domain/data/connectors';
import type { DataSource } from '@domain/data/sources';
import { errorCodeOf } from '@domain/errors';
import { serverMessage } from '@/lib/failure';
import { fieldErrorsOf, useConnectSource, useTestConnection } from '../api';
import { useConnectorLookup } from '../connectorLookup';
import { ConnectIntro } from './ConnectIntro';
import { ConnectionTestResult } from './ConnectionTestResult';
import { ConnectorFormActions } from './ConnectorFormActions';
import { ConnectorSettingField } from './ConnectorSettingField';
import { connectInputOf, initialSettingValues, settingNamed, settingsFormSchema, type SettingsFormValues } from './connectorSettingsForm';
import { PushedSourceSecretStep } from './PushedSourceSecretStep';
import { SourceNameField, useSourceName } from './SourceNameField';
import { usePushedSourceSecret } from './usePushedSourceSecret';
import { useStaleTestReset } from './useStaleTestReset';

export const CONNECT_LABEL = 'Connect';
export const CANCEL_LABEL = 'Cancel';
export { DOCUMENTATION_LABEL } from './ConnectIntro';
export { SOURCE_NAME_LABEL } from './SourceNameField';

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
  const sourceName = useSourceName(defaultName);
  const connect = useConnectSource();
  const test = useTestConnection();
  const secret = usePushedSourceSecret();
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
  useStaleTestReset(watch, test.reset);

  const inputOf = (values: SettingsFormValues) => connectInputOf(settings, values, { catalogueId: source.id, companyId });

  const showErrors = (error: unknown) => {
    for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
      if (field === 'name') sourceName.setServerError(message);
      const setting = settingNamed(settings, field);
      if (setting) setError(`settings.${setting}`, { message });
    }
  };

  const submit = handleSubmit((values) =>
    connect.mutate({ ...inputOf(values), ...(sourceName.named ? { name: sourceName.name.trim() } : {}) }, {
      onSuccess: (created) => {
        if (definition.kind !== 'webhook') {
          onConnected(created);
          return;
        }
        onShowingSecret(true);
        secret.start(created);
      },
      onError: (error) => {
        // A name of its own that is taken is the name field's error; the entry's own name is the source the company has.
        if (errorCodeOf(error) === 'already_exists' && !fieldErrorsOf(error).name) onAlreadyConnected(source, error);
        else showErrors(error);
      },
    }),
  );

  const runTest = handleSubmit((values) => test.mutate(inputOf(values), { onError: showErrors }));

  const { created } = secret;
  if (created) {
    const done = () => {
      onShowingSecret(false);
      onConnected(created);
    };
    return <PushedSourceSecretStep titleId={titleId} source={source} created={created} secret={secret} onDone={done} />;
  }

  const failed = connect.isError && errorCodeOf(connect.error) !== 'already_exists';

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Connect {source.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ConnectIntro source={source} definition={definition} />
          {sourceName.named && <SourceNameField field={sourceName} entryName={source.name} />}
          {settings.map((setting, index) => (
            <ConnectorSettingField key={setting.name} setting={setting} control={control} autoFocus={!sourceName.named && index === 0} />
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
      <ConnectorFormActions
        onCancel={onClose}
        saving={connect.isPending}
        onTest={definition.kind !== 'webhook' ? () => void runTest() : undefined}
        testing={test.isPending}
        submitLabel={CONNECT_LABEL}
        submitDisabled={!isValid || sourceName.missing}
      />
    </form>
  );
}
