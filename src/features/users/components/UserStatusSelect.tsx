import { useEffect, useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { USER_STATUSES, USER_STATUS_LABELS, type UserStatus } from '@domain/company/options';

export interface UserStatusSelectProps {
  userName: string;
  status: UserStatus;
  /** Called with the chosen status; the shown value only changes once the server has it. */
  onChange: (status: UserStatus) => void;
  disabled?: boolean;
  /** The grid's roving tab index, so the table keeps one tab stop. */
  tabIndex?: number;
  /** True when the grid's keyboard focus is on this cell: focus moves into the select. */
  hasFocus?: boolean;
}

/** Keys with which the select opens; the grid must not also use them to move between cells. */
const OPENING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Enter', ' ']);

export function UserStatusSelect({ userName, status, onChange, disabled, tabIndex, hasFocus }: UserStatusSelectProps) {
  // MUI's Select hands its input ref a handle whose focus() focuses the visible combobox.
  const selectRef = useRef<{ focus: () => void } | null>(null);
  useEffect(() => {
    if (hasFocus) selectRef.current?.focus();
  }, [hasFocus]);

  const keepKeysInSelect = (event: KeyboardEvent) => {
    if (OPENING_KEYS.has(event.key)) event.stopPropagation();
  };

  return (
    <Box onKeyDown={keepKeysInSelect} sx={{ width: '100%' }}>
      <Select
        size="small"
        variant="standard"
        disableUnderline
        fullWidth
        value={status}
        disabled={disabled}
        onChange={(event) => {
          const next = event.target.value as UserStatus;
          if (next !== status) onChange(next);
        }}
        inputProps={{ 'aria-label': `Status of ${userName}`, tabIndex }}
        inputRef={selectRef}
      >
        {USER_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {USER_STATUS_LABELS[value]}
          </MenuItem>
        ))}
      </Select>
    </Box>
  );
}
