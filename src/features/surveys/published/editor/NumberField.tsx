/** A whole-number input of the styling editor, kept in range. */
import type { ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { clamp } from '@domain/survey/targeting';
import { useDraftText } from '../../styling/useDraftText';

export interface NumberFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max?: number;
  /** How typed text becomes the value; by default a whole number in range, and the minimum for anything else. */
  toNumber?: (text: string) => number;
  helperText?: ReactNode;
  /** A validation message; replaces the helper text. */
  error?: string;
  /** A unit shown after the number ('%', 'days'). */
  unit?: string;
}

/**
 * A whole number that is always in range: the form only ever holds a usable value, and the text
 * shows what was kept once the field is left ("150" becomes "100").
 */
export function NumberField({ label, value, onChange, min, max = Number.MAX_SAFE_INTEGER, toNumber, helperText, error, unit }: NumberFieldProps) {
  const parse =
    toNumber ??
    ((text: string) => {
      const number = Number.parseFloat(text);
      return Number.isFinite(number) ? clamp(Math.round(number), min, max) : min;
    });
  // A value changed from outside (a loaded theme, a reset) replaces what is shown.
  const { text, type, settle } = useDraftText(String(value));
  return (
    <TextField
      label={label}
      type="number"
      value={text}
      onChange={(event) => {
        const next = parse(event.target.value);
        type(event.target.value, String(next));
        if (next !== value) onChange(next);
      }}
      onBlur={settle}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
      slotProps={{
        htmlInput: { min, max: max === Number.MAX_SAFE_INTEGER ? undefined : max, step: 1, inputMode: 'numeric' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}
