import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { SelectField, type SelectOption, type SelectValue } from './SelectField';

export type FormTextFieldProps<Values extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'select' | 'children'> & {
  control: Control<Values>;
  name: Path<Values>;
  /** Makes the field a select (SelectField) of these choices. */
  options?: ReadonlyArray<SelectOption<SelectValue>>;
};

/**
 * A MUI text field (or, with `options`, a select) bound to a react-hook-form field: the schema's
 * message shows as helper text. The sign-in screens use the lighter FormInputField.
 */
export function FormTextField<Values extends FieldValues>({ control, name, helperText, options, ...props }: FormTextFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const bound = {
          ...props,
          name: field.name,
          value: field.value ?? '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message ?? helperText,
        };
        return options ? <SelectField {...bound} options={options} /> : <TextField {...bound} />;
      }}
    />
  );
}
