import { useState } from 'react';
import TextField from '@mui/material/TextField';

export const SOURCE_NAME_LABEL = 'Source name';

/**
 * The name of a further source of an entry the company has ("Add source"), starting from the one
 * offered ("Stripe 2"). Without an offered name the source takes the entry's name: no field.
 */
export function useSourceName(defaultName: string | undefined) {
  const [name, setName] = useState(defaultName ?? '');
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const named = defaultName !== undefined;
  return {
    named,
    name,
    /** Asked for and left blank: the form cannot be sent. */
    missing: named && name.trim() === '',
    serverError,
    setServerError,
    change: (next: string) => {
      setName(next);
      setServerError(undefined);
    },
  };
}

export interface SourceNameFieldProps {
  field: ReturnType<typeof useSourceName>;
  /** The entry's name, which the company has a source of already. */
  entryName: string;
}

export function SourceNameField({ field, entryName }: SourceNameFieldProps) {
  return (
    <TextField
      label={SOURCE_NAME_LABEL}
      required
      autoFocus
      value={field.name}
      onChange={(event) => field.change(event.target.value)}
      error={Boolean(field.serverError) || field.missing}
      helperText={field.serverError ?? (field.missing ? 'Name is required' : `Tells it apart from the ${entryName} source you have.`)}
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
}
