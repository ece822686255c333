import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface FormInputFieldProps<Values extends FieldValues> {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  helperText?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'url' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  multiline?: boolean;
  minRows?: number;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
}

/**
 * A text input bound to a react-hook-form field, looking and behaving like FormTextField but
 * built from TextField's parts: TextField always brings Select, Menu and Popover along, and the
 * sign-in screens are the first thing a visitor downloads.
 */
export function FormInputField<Values extends FieldValues>({
  control,
  name,
  label,
  helperText,
  required,
  disabled,
  fullWidth,
  type = 'text',
  ...input
}: FormInputFieldProps<Values>) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? helperText;
        return (
          // `required` goes to the input (the browser and screen readers know), not to the
          // FormControl, whose label would add an asterisk: on these forms every field is required.
          <FormControl variant="outlined" error={Boolean(fieldState.error)} disabled={disabled} fullWidth={fullWidth}>
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput
              {...input}
              id={id}
              type={type}
              required={required}
              // Sizes the gap in the outline for the label.
              label={label}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              aria-describedby={message ? helperId : undefined}
            />
            {message && <FormHelperText id={helperId}>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
