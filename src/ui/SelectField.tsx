import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A value a select can hold: MUI's Select hands back the chosen option's own value, numbers included. */
export type SelectValue = string | number;

export interface SelectOption<Value extends SelectValue = string> {
  value: Value;
  label: ReactNode;
  disabled?: boolean;
}

export type SelectFieldProps<Value extends SelectValue = string> = Omit<TextFieldProps, 'select' | 'children' | 'value' | 'onChange'> & {
  /** The choices, in order; a value appears once. */
  options: ReadonlyArray<SelectOption<Value>>;
  /** The chosen value; '' when none is (the field then shows empty). */
  value: NoInfer<Value> | '';
  /** Called with the chosen option's value. */
  onChange?: (value: Value) => void;
};

/**
 * A MUI select (TextField with `select`) of a plain list of choices. The rest of its props are
 * TextField's (label, size, helperText, disabled, slotProps, inputRef for react-hook-form…).
 */
export function SelectField<Value extends SelectValue = string>({ options, onChange, ...props }: SelectFieldProps<Value>) {
  return (
    <TextField
      {...props}
      select
      // The value is one of the options' own values: the menu offers nothing else.
      onChange={onChange && ((event) => onChange(event.target.value as Value))}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The options of a list of values, each labelled from a table (`optionsOf(SCHEDULES, SCHEDULE_LABELS)`)
 * or, without one, by the value itself (`optionsOf(INDUSTRIES)`).
 */
export function optionsOf<Value extends SelectValue>(values: readonly Value[], labels?: Readonly<Record<NoInfer<Value>, ReactNode>>): SelectOption<Value>[] {
  return values.map((value) => ({ value, label: labels ? labels[value] : value }));
}
