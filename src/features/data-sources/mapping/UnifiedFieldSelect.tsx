import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Select from '@mui/material/Select';
import { unifiedLabel, type UnifiedOptionGroup } from './unifiedOptions';

export interface UnifiedFieldSelectProps {
  /** The unified field's name; '' when the field is not mapped. */
  value: string;
  onChange: (value: string) => void;
  groups: readonly UnifiedOptionGroup[];
  /** The accessible name, e.g. 'Unified field for email' (the table row shows which field it is). */
  label: string;
  /** What '' means here: 'Keep as is' for a file's column, 'Not mapped' for a source's field. */
  emptyLabel: string;
  /** Why the choice cannot stand (mapped twice, say). */
  error?: string;
  disabled?: boolean;
}

/**
 * A select of unified fields under their group's heading (Identity, Events, …). It is the
 * browser's own select: option groups are announced as groups, and a table of many of them stays
 * light (no menu per row).
 */
export function UnifiedFieldSelect({ value, onChange, groups, label, emptyLabel, error, disabled }: UnifiedFieldSelectProps) {
  const helperId = useId();
  const offered = groups.some((group) => group.fields.some((candidate) => candidate.name === value));
  return (
    <FormControl size="small" fullWidth error={Boolean(error)} disabled={disabled}>
      <Select
        native
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ 'aria-label': label, 'aria-describedby': error ? helperId : undefined }}
      >
        <option value="">{emptyLabel}</option>
        {/* A saved mapping that this source's kind no longer offers still shows, so it is not silently lost. */}
        {value && !offered && <option value={value}>{unifiedLabel(value)}</option>}
        {groups.map((group) => (
          <optgroup key={group.id} label={group.label}>
            {group.fields.map((candidate) => (
              <option key={`${group.id}-${candidate.name}`} value={candidate.name} title={candidate.description}>
                {candidate.label}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
