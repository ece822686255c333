import type { Ref } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Role } from '@domain/auth/roles';
import type { RoleOption } from '../roleOptions';

export interface RoleSelectProps {
  name: string;
  value: Role;
  options: RoleOption[];
  onChange: (role: Role) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  fullWidth?: boolean;
}

/** The Role field of the invite form and the permission editor: the roles this administrator may hand out. */
export function RoleSelect({ name, value, options, onChange, onBlur, inputRef, fullWidth = false }: RoleSelectProps) {
  return (
    <TextField
      select
      label="Role"
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { maxWidth: 280 }}
      name={name}
      inputRef={inputRef}
      value={value}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value as Role)}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
