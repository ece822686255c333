import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { FormTextField, type FormTextFieldProps } from '@/ui/FormTextField';

export type ApiKeyFieldProps<Values extends FieldValues> = Omit<FormTextFieldProps<Values>, 'type' | 'slotProps'> & {
  /** What the show/hide button names: "Show API key" by default, "Show Password" for a database password. */
  secretName?: string;
};

/**
 * An API key typed as a password (hidden, never offered for autofill), with a button that shows it
 * so a pasted key can be checked.
 */
export function ApiKeyField<Values extends FieldValues>({ secretName = 'API key', ...props }: ApiKeyFieldProps<Values>) {
  const [shown, setShown] = useState(false);
  return (
    <FormTextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoComplete="off"
      slotProps={{
        htmlInput: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? `Hide ${secretName}` : `Show ${secretName}`}
                aria-pressed={shown}
                onClick={() => setShown((current) => !current)}
                edge="end"
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
