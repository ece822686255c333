import { useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type * as yup from 'yup';
import { valueProblem } from './fieldChecks';

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
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // A value changed from outside (a slider, a colour picker, a loaded draft) replaces the text.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const problem = text === value ? null : valueProblem(schema, text.trim());
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (valueProblem(schema, next.trim()) === null && next.trim() !== value) {
          setShown(next.trim());
          onChange(next.trim());
        }
      }}
      onBlur={() => setText(value)}
      error={problem !== null}
      helperText={problem ?? helperText}
    />
  );
}
