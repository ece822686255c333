import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { CheckedTextField } from './CheckedTextField';
import { sixDigitColour, styleFieldSchemas } from './fieldChecks';

export interface ColorFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A colour: the browser's colour picker beside the hex value, which can be typed. */
export function ColorField({ label, value, onChange, disabled = false }: ColorFieldProps) {
  const id = useId();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        id={id}
        aria-label={`${label} picker`}
        value={sixDigitColour(value)}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        sx={{
          flexShrink: 0,
          width: 40,
          height: 40,
          p: 0.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: disabled ? 'default' : 'pointer',
        }}
      />
      <CheckedTextField
        label={label}
        value={value}
        onChange={onChange}
        schema={styleFieldSchemas.colour}
        disabled={disabled}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
    </Stack>
  );
}
