import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { CONNECTOR_MESSAGES, type ConnectorSetting } from '@domain/data/connectors';
import { FormTextField } from '@/ui/FormTextField';
import { ApiKeyField } from './ApiKeyField';
import { API_KEY_SETTING, type SettingsFormValues } from './connectorSettingsForm';

export interface ConnectorSettingFieldProps {
  setting: ConnectorSetting;
  control: Control<SettingsFormValues>;
  /** The settings dialog: a secret is stored already, and a blank field keeps it. */
  secretStored?: boolean;
  autoFocus?: boolean;
}

/** One connector setting as its definition describes it: text, URL, secret, long text, number, choice or yes/no. */
export function ConnectorSettingField({ setting, control, secretStored = false, autoFocus = false }: ConnectorSettingFieldProps) {
  const helpId = useId();
  const name = `settings.${setting.name}` as const;
  const keepsStored = secretStored && setting.secret;
  const helperText = keepsStored ? CONNECTOR_MESSAGES.secretStored : setting.help;
  const required = setting.required && !keepsStored;

  if (setting.input === 'checkbox') {
    return (
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              label={setting.label}
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': helperText || fieldState.error ? helpId : undefined } }}
                />
              }
            />
            {(fieldState.error || helperText) && <FormHelperText id={helpId}>{fieldState.error?.message ?? helperText}</FormHelperText>}
          </FormControl>
        )}
      />
    );
  }

  // A secret typed as a password; a secret that is long text (a JSON key) stays a text area, where its lines survive.
  if (setting.input === 'password' || (setting.secret && setting.input !== 'textarea')) {
    return (
      <ApiKeyField
        control={control}
        name={name}
        label={setting.label}
        secretName={setting.name === API_KEY_SETTING ? 'API key' : setting.label}
        required={required}
        placeholder={setting.placeholder}
        helperText={helperText}
        autoFocus={autoFocus}
        fullWidth
      />
    );
  }

  if (setting.input === 'select') {
    return (
      <FormTextField
        control={control}
        name={name}
        label={setting.label}
        required={required}
        helperText={helperText}
        options={setting.options ?? []}
        fullWidth
        autoFocus={autoFocus}
      />
    );
  }

  return (
    <FormTextField
      control={control}
      name={name}
      label={setting.label}
      required={required}
      placeholder={setting.placeholder}
      helperText={helperText}
      autoFocus={autoFocus}
      fullWidth
      type={setting.input === 'url' ? 'url' : 'text'}
      multiline={setting.input === 'textarea'}
      minRows={setting.input === 'textarea' ? 3 : undefined}
      slotProps={{
        htmlInput: {
          spellCheck: setting.secret || (setting.input !== 'textarea' && setting.input !== 'text') ? false : undefined,
          autoComplete: setting.secret ? 'off' : undefined,
          inputMode: setting.input === 'number' ? 'decimal' : undefined,
          // Queries and JSON read better in a fixed-width font.
          sx: setting.input === 'textarea' ? { fontFamily: 'monospace' } : undefined,
        },
      }}
    />
  );
}
