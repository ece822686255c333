import { useId, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import SchemaOutlinedIcon from '@mui/icons-material/SchemaOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES, FILE_UPLOAD_TYPE, type DataSource, type TestConnectionInput } from '@domain/data/sources';
import { RECORD_KIND_LABELS, RECORD_KINDS } from '@domain/data/unifiedModel';
import { useNotify } from '@/lib/notifications';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { optionsOf } from '@/ui/SelectField';
import { fieldErrorsOf, useTestConnection, useUpdateSource } from '../api';
import { useConnectorLookup } from '../connectorLookup';
import { ConnectionTestResult } from './ConnectionTestResult';
import { ConnectorFormActions } from './ConnectorFormActions';
import { API_KEY_SETTING, settingNamed, testedSettingValues } from './connectorSettingsForm';
import { SourceCredentialFields } from './SourceCredentialFields';
import { SourceShortcut } from './SourceShortcut';
import { sourceSettingsChanges, sourceSettingsDefaults, sourceSettingsSchema, type SourceSettingsValues } from './sourceSettingsForm';
import { useStaleTestReset } from './useStaleTestReset';

export { KEY_STORED, NO_KEY_STORED } from './SourceCredentialFields';
export const SAVE_LABEL = 'Save';

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
  const schema = useMemo(() => sourceSettingsSchema(connectorSettings), [connectorSettings]);
  const {
    control,
    handleSubmit,
    setError,
    getValues,
    trigger,
    watch,
    formState: { isDirty },
  } = useForm<SourceSettingsValues>({
    resolver: yupResolver(schema) as unknown as Resolver<SourceSettingsValues>,
    defaultValues: sourceSettingsDefaults(source, connectorSettings),
  });
  useStaleTestReset(watch, test.reset, 'settings.');

  const showErrors = (error: unknown) => {
    for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
      const setting = connectorSettings && settingNamed(connectorSettings, field);
      if (setting) setError(`settings.${setting}`, { message });
      else if (field === 'apiKey' && connectorSettings?.some((each) => each.name === API_KEY_SETTING)) setError(`settings.${API_KEY_SETTING}`, { message });
      else if (field === 'name' || field === 'apiKey' || field === 'accountId' || field === 'recordKind') setError(field, { message });
    }
  };

  // Pushed sources have nothing to test, and a source without connector settings has nothing to send.
  const testable = Boolean(definition && connectorSettings?.length && definition.kind !== 'webhook');

  const runTest = async () => {
    if (!connectorSettings || !(await trigger('settings'))) return;
    const { [API_KEY_SETTING]: apiKey, ...settings } = testedSettingValues(connectorSettings, getValues('settings'));
    const catalogueId = source.availableDataSource?.id ?? '';
    const input: TestConnectionInput = { catalogueId, sourceId: source.id, settings, ...(typeof apiKey === 'string' ? { apiKey } : {}) };
    test.mutate(input, { onError: showErrors });
  };

  const submit = handleSubmit((values) => {
    const changes = sourceSettingsChanges(source, values, { connectorSettings, usesKey });
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

  /** Closes the settings and opens another of the source's screens. */
  const leaveFor = (open: (source: DataSource) => void) => () => {
    onClose();
    open(source);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{source.name} Settings</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label="Name" required fullWidth />
          {usesKey && <SourceCredentialFields source={source} control={control} connectorSettings={connectorSettings} />}
          <FormTextField
            control={control}
            name="recordKind"
            label="Its records are"
            options={optionsOf(RECORD_KINDS, RECORD_KIND_LABELS)}
            fullWidth
            helperText="Decides which unified fields its columns can be mapped to."
          />
          {onConfigureMapping && (
            <SourceShortcut
              description="Map its fields to the unified data model, mark metrics and dimensions, and add custom fields."
              icon={<SchemaOutlinedIcon />}
              label={DATA_SOURCE_LABELS.configureMapping}
              onClick={leaveFor(onConfigureMapping)}
            />
          )}
          {onReimport && !usesKey && (
            <SourceShortcut
              description={
                source.keyField
                  ? `Import an updated file: rows whose ${source.keyField} matches a stored record update it, the others are added.`
                  : 'Import an updated file into this source. Choose a key column so matching rows update their records.'
              }
              icon={<UploadFileIcon />}
              label={REIMPORT_LABEL}
              onClick={leaveFor(onReimport)}
            />
          )}
          {testable && <ConnectionTestResult test={test} sourceName={source.availableDataSource?.name ?? source.name} />}
          {update.isError && <FailureAlert title="Failed to save settings" error={update.error} />}
        </Stack>
      </DialogContent>
      <ConnectorFormActions
        onCancel={onClose}
        saving={update.isPending}
        onTest={testable ? () => void runTest() : undefined}
        testing={test.isPending}
        submitLabel={SAVE_LABEL}
        submitDisabled={!isDirty}
      />
    </form>
  );
}
