import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { MAX_PHRASES, MAX_PHRASE_LENGTH } from '@domain/models/settings';

export interface PhraseListInputProps {
  label: string;
  helperText: string;
  phrases: string[];
  disabled?: boolean;
  onChange: (phrases: string[]) => void;
}

/** Phrases typed and confirmed with Enter become chips; blanks and repeats are dropped, lengths capped. */
export function PhraseListInput({ label, helperText, phrases, disabled = false, onChange }: PhraseListInputProps) {
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={phrases}
      disabled={disabled}
      onChange={(_event, next) => {
        const cleaned = next.map((phrase) => phrase.trim().slice(0, MAX_PHRASE_LENGTH)).filter((phrase) => phrase !== '');
        onChange([...new Set(cleaned)].slice(0, MAX_PHRASES));
      }}
      renderValue={(values, getItemProps) =>
        values.map((phrase, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={phrase} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} helperText={`${helperText} Press Enter after each phrase (at most ${MAX_PHRASES}).`} />}
    />
  );
}
