import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type * as yup from 'yup';
import { valueProblem } from './fieldChecks';
import { useDraftText } from './useDraftText';

export type CheckedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  value: string;
  /** Called with acceptable values only; what is typed stays in the field meanwhile. */
  onChange: (value: string) => void;
  schema: yup.Schema;
};

/**
 * A text field for a style value ('600px', '#007bff'): it shows what is typed, says why a value is
 * not acceptable, and passes on only the acceptable ones, so the survey never holds a broken style.
 */
export function CheckedTextField({ value, onChange, schema, helperText, ...props }: CheckedTextFieldProps) {
  // A value changed from outside (a slider, a colour picker, a loaded draft) replaces the text.
  const { text, type, settle } = useDraftText(value);
  const problem = text === value ? null : valueProblem(schema, text.trim());
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        const accepted = valueProblem(schema, next.trim()) === null && next.trim() !== value;
        type(next, accepted ? next.trim() : value);
        if (accepted) onChange(next.trim());
      }}
      onBlur={settle}
      error={problem !== null}
      helperText={problem ?? helperText}
    />
  );
}
