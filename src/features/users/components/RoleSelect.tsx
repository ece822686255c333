import type { Ref } from 'react';
import type { Role } from '@domain/auth/roles';
import { SelectField } from '@/ui/SelectField';
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
    <SelectField
      label="Role"
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { maxWidth: 280 }}
      name={name}
      inputRef={inputRef}
      value={value}
      options={options}
      onBlur={onBlur}
      onChange={onChange}
    />
  );
}
