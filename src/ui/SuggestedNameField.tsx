import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

export interface SuggestedNameFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Offered as the user types; any other name may still be typed. */
  suggestions: readonly string[];
  required?: boolean;
  disabled?: boolean;
}

/**
 * A name field that offers names as the user types (MUI's free-solo Autocomplete). Its own module:
 * NameDialog loads it only when it has suggestions, so the dialogs without any stay small.
 */
export function SuggestedNameField({ label, value, onChange, suggestions, required, disabled }: SuggestedNameFieldProps) {
  return (
    <Autocomplete
      freeSolo
      options={suggestions}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      disabled={disabled}
      renderInput={(params) => <TextField {...params} label={label} required={required} autoFocus fullWidth />}
    />
  );
}
