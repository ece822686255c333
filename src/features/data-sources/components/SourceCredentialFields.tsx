import type { Control } from 'react-hook-form';
import KeyIcon from '@mui/icons-material/Key';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConnectorSetting } from '@domain/data/connectors';
import type { DataSource } from '@domain/data/sources';
import { FormTextField } from '@/ui/FormTextField';
import { ApiKeyField } from './ApiKeyField';
import { ConnectorSettingField } from './ConnectorSettingField';
import type { SettingsFormValues } from './connectorSettingsForm';
import type { SourceSettingsValues } from './sourceSettingsForm';

export const KEY_STORED = 'A key is stored';
export const NO_KEY_STORED = 'No key is stored';

export interface SourceCredentialFieldsProps {
  source: DataSource;
  control: Control<SourceSettingsValues>;
  /** The connector's settings; an older source without a connector has a key and an account id instead. */
  connectorSettings: readonly ConnectorSetting[] | undefined;
}

/** A keyed source's credentials: whether a key is stored (never the key), then its connector's settings or its key and account id. */
export function SourceCredentialFields({ source, control, connectorSettings }: SourceCredentialFieldsProps) {
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <KeyIcon fontSize="small" aria-hidden />
        <Typography variant="body2">{source.hasCredentials ? KEY_STORED : NO_KEY_STORED}</Typography>
      </Stack>
      {connectorSettings?.map((setting) => (
        <ConnectorSettingField
          key={setting.name}
          setting={setting}
          control={control as unknown as Control<SettingsFormValues>}
          secretStored={source.hasCredentials}
        />
      ))}
      {!connectorSettings && (
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
    </>
  );
}
