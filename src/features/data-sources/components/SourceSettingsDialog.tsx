import { useEffect, useId, useMemo } from 'react';
import { useForm, type Control, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import KeyIcon from '@mui/icons-material/Key';
import SchemaOutlinedIcon from '@mui/icons-material/SchemaOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONNECTOR_LABELS, type ConnectorDefinition } from '@domain/data/connectors';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from '@domain/limits';
import {
  DATA_SOURCE_LABELS,
  DATA_SOURCE_MESSAGES,
  FILE_UPLOAD_TYPE,
  updateSourceSchema,
  type DataSource,
  type TestConnectionInput,
  type UpdateSourceInput,
} from '@domain/data/sources';
import { RECORD_KIND_LABELS, RECORD_KINDS, type RecordKind } from '@domain/data/unifiedModel';
import { useNotify } from '@/lib/notifications';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { optionsOf } from '@/ui/SelectField';
import { fieldErrorsOf, useTestConnection, useUpdateSource } from '../api';
import { useConnectorLookup } from '../connectorLookup';
import { ApiKeyField } from './ApiKeyField';
import { ConnectionTestResult } from './ConnectionTestResult';
import { ConnectorSettingField } from './ConnectorSettingField';
import {
  API_KEY_SETTING,
  changedSettingValues,
  initialSettingValues,
  settingsFormSchema as connectorSettingsSchema,
  testedSettingValues,
  type SettingsFormValues,
} from './connectorSettingsForm';

export const KEY_STORED = 'A key is stored';
export const NO_KEY_STORED = 'No key is stored';
export const SAVE_LABEL = 'Save';
/**
 * The settings form: the server's rules for a change, except that a blank new key (or secret
 * setting) is allowed here (it keeps the stored one) and the name and record kind are always sent
 * by the form. A source with a connector gets its connector's settings; an older source without
 * one keeps its key and account id.
 */
function settingsFormSchemaFor(definition: ConnectorDefinition | undefined) {
  return updateSourceSchema.pick(['accountId']).shape({
    name: yup.string().trim().required('Name is required').max(SHORT_TEXT_MAX),
    apiKey: yup.string().trim().max(LONG_TEXT_MAX).default(''),
    recordKind: yup.string().oneOf(RECORD_KINDS).required('Choose what the records are'),
    settings: definition ? connectorSettingsSchema(definition.settings, { keepsSecrets: true }).fields.settings : yup.object(),
  });
}

interface SettingsDialogValues extends SettingsFormValues {
  name: string;
  apiKey: string;
  accountId?: string | null;
  recordKind: RecordKind;
}

/** The account id kept in the source's (non-secret) config, if any. */
export function accountIdOf(source: DataSource): string {
  try {
    const config: unknown = JSON.parse(source.config);
    if (config && typeof config === 'object' && 'accountId' in config && typeof config.accountId === 'string') return config.accountId;
  } catch {
    // A config that is not JSON carries no account id.
  }
  return '';
}

export const REIMPORT_LABEL = 'Import Updated File';

export interface SourceSettingsDialogProps {
  /** The connected source, kept while the dialog closes. */
  source: DataSource;
  open: boolean;
  onClose: () => void;
  /** Opens Configure Data Mapping for the source; without it the button is not offered. */
  onConfigureMapping?: (source: DataSource) => void;
  /** Imports an updated file into this (file) source: records with the same key are updated. */
  onReimport?: (source: DataSource) => void;
}

/**
 * A connected source's settings: its name, its connector's settings (a secret is never shown: a
 * new one replaces it, a blank one keeps it), what its records are, and the way to its field mapping.
 */
export function SourceSettingsDialog({ source, open, onClose, onConfigureMapping, onReimport }: SourceSettingsDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <SourceSettingsForm
        key={source.id}
        titleId={titleId}
        source={source}
        onClose={onClose}
        onConfigureMapping={onConfigureMapping}
        onReimport={onReimport}
      />
    </Dialog>
  );
}

type SourceSettingsFormProps = Omit<SourceSettingsDialogProps, 'open'> & { titleId: string };

function SourceSettingsForm({ titleId, source, onClose, onConfigureMapping, onReimport }: SourceSettingsFormProps) {
  const notify = useNotify();
  const update = useUpdateSource();
  const test = useTestConnection();
  const usesKey = source.type !== FILE_UPLOAD_TYPE;
  const definition = useConnectorLookup()(source.availableDataSource?.id ?? '');
  const connectorSettings = usesKey ? definition?.settings : undefined;
  const accountId = accountIdOf(source);
  const schema = useMemo(() => settingsFormSchemaFor(connectorSettings && definition), [connectorSettings, definition]);
  const {
    control,
    handleSubmit,
    setError,
    getValues,
    trigger,
    watch,
    formState: { isDirty },
  } = useForm<SettingsDialogValues>({
    resolver: yupResolver(schema) as unknown as Resolver<SettingsDialogValues>,
    defaultValues: {
      name: source.name,
      apiKey: '',
      accountId,
      recordKind: source.recordKind,
      settings: connectorSettings ? initialSettingValues(connectorSettings, source.settings) : {},
    },
  });

  // A test result speaks of the settings it tested: changing one makes it stale.
  const resetTest = test.reset;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name?.startsWith('settings.')) resetTest();
    });
    return () => subscription.unsubscribe();
  }, [watch, resetTest]);

  const showErrors = (error: unknown) => {
    for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
      const setting = field.replace(/^settings\./, '');
      if (connectorSettings?.some((each) => each.name === setting)) setError(`settings.${setting}`, { message });
      else if (field === 'apiKey' && connectorSettings?.some((each) => each.name === API_KEY_SETTING)) setError(`settings.${API_KEY_SETTING}`, { message });
      else if (field === 'name' || field === 'apiKey' || field === 'accountId' || field === 'recordKind') setError(field, { message });
    }
  };

  // Pushed sources have nothing to test, and a source without connector settings has nothing to send.
  const testable = Boolean(definition && connectorSettings?.length && definition.kind !== 'webhook');
  const catalogueId = source.availableDataSource?.id ?? '';
  const catalogueName = source.availableDataSource?.name ?? source.name;

  const runTest = async () => {
    if (!connectorSettings || !(await trigger('settings'))) return;
    const { [API_KEY_SETTING]: apiKey, ...settings } = testedSettingValues(connectorSettings, getValues('settings'));
    const input: TestConnectionInput = { catalogueId, sourceId: source.id, settings, ...(typeof apiKey === 'string' ? { apiKey } : {}) };
    test.mutate(input, { onError: showErrors });
  };

  const submit = handleSubmit((values) => {
    // Only what changed is sent: a blank key or secret keeps the stored one.
    const changes: Partial<UpdateSourceInput> = {};
    if (values.name !== source.name) changes.name = values.name;
    if (connectorSettings) {
      const { [API_KEY_SETTING]: apiKey, ...changed } = changedSettingValues(connectorSettings, values.settings, source.settings);
      if (typeof apiKey === 'string') changes.apiKey = apiKey;
      if (Object.keys(changed).length > 0) changes.settings = changed;
    } else if (usesKey) {
      if (values.apiKey) changes.apiKey = values.apiKey;
      if ((values.accountId ?? '') !== accountId) changes.accountId = values.accountId || null;
    }
    if (values.recordKind !== source.recordKind) changes.recordKind = values.recordKind;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: source.id, changes },
      {
        onSuccess: (saved) => {
          notify.success(DATA_SOURCE_MESSAGES.settingsSaved(saved.name));
          onClose();
        },
        onError: showErrors,
      },
    );
  });

  const configureMapping =
    onConfigureMapping &&
    (() => {
      onClose();
      onConfigureMapping(source);
    });

  const reimport =
    onReimport &&
    !usesKey &&
    (() => {
      onClose();
      onReimport(source);
    });

  const busy = update.isPending || test.isPending;

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{source.name} Settings</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label="Name" required fullWidth />
          {usesKey && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <KeyIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{source.hasCredentials ? KEY_STORED : NO_KEY_STORED}</Typography>
            </Stack>
          )}
          {connectorSettings?.map((setting) => (
            <ConnectorSettingField
              key={setting.name}
              setting={setting}
              control={control as unknown as Control<SettingsFormValues>}
              secretStored={source.hasCredentials}
            />
          ))}
          {usesKey && !connectorSettings && (
            <>
              <ApiKeyField
                control={control}
                name="apiKey"
                label="New API Key"
                helperText={source.hasCredentials ? 'Leave blank to keep the stored key.' : 'Enter the key to store.'}
                fullWidth
              />
              <FormTextField control={control} name="accountId" label="Account ID" helperText="Optional" fullWidth />
            </>
          )}
          <FormTextField
            control={control}
            name="recordKind"
            label="Its records are"
            options={optionsOf(RECORD_KINDS, RECORD_KIND_LABELS)}
            fullWidth
            helperText="Decides which unified fields its columns can be mapped to."
          />
          {configureMapping && (
            <>
              <Divider />
              <Box>
                <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                  Map its fields to the unified data model, mark metrics and dimensions, and add custom fields.
                </Typography>
                <Button variant="outlined" startIcon={<SchemaOutlinedIcon />} onClick={configureMapping}>
                  {DATA_SOURCE_LABELS.configureMapping}
                </Button>
              </Box>
            </>
          )}
          {reimport && (
            <>
              <Divider />
              <Box>
                <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                  {source.keyField
                    ? `Import an updated file: rows whose ${source.keyField} matches a stored record update it, the others are added.`
                    : 'Import an updated file into this source. Choose a key column so matching rows update their records.'}
                </Typography>
                <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={reimport}>
                  {REIMPORT_LABEL}
                </Button>
              </Box>
            </>
          )}
          {testable && <ConnectionTestResult test={test} sourceName={catalogueName} />}
          {update.isError && <FailureAlert title="Failed to save settings" error={update.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        {testable && (
          <Button onClick={() => void runTest()} disabled={busy} aria-live="polite">
            {test.isPending ? CONNECTOR_LABELS.testing : CONNECTOR_LABELS.testConnection}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={!isDirty || busy}>
          {SAVE_LABEL}
        </Button>
      </DialogActions>
    </form>
  );
}
