import { useId } from 'react';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';

export interface FilterOption<Value extends string | number> {
  value: Value;
  label: string;
}

export interface MultiSelectFilterProps<Value extends string | number> {
  label: string;
  options: readonly FilterOption<Value>[];
  value: readonly Value[];
  onChange: (next: Value[]) => void;
  /** Shown when nothing is chosen: no filter means every value. */
  anyLabel: string;
}

/** A dropdown of checkboxes; the chosen values are kept in the options' order. */
export function MultiSelectFilter<Value extends string | number>({ label, options, value, onChange, anyLabel }: MultiSelectFilterProps<Value>) {
  const labelId = useId();
  const labelOf = (chosen: Value) => options.find((option) => option.value === chosen)?.label ?? String(chosen);
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select<Value[]>
        labelId={labelId}
        multiple
        displayEmpty
        value={[...value]}
        onChange={(event) => {
          const chosen = event.target.value as Value[];
          onChange(options.filter((option) => chosen.includes(option.value)).map((option) => option.value));
        }}
        input={<OutlinedInput label={label} notched />}
        renderValue={(chosen) => (chosen.length ? chosen.map(labelOf).join(', ') : anyLabel)}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {/* A picture of a checkbox, not a control: the option itself is what is chosen (aria-selected). */}
            <ListItemIcon>
              {value.includes(option.value) ? <CheckBoxIcon fontSize="small" color="primary" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}
            </ListItemIcon>
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
