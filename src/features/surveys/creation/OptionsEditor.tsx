import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SURVEY_LIMITS } from '@domain/survey/limits';

export const OPTIONS_LABELS = {
  heading: 'Options',
  add: 'Add Option',
  option: (n: number) => `Option ${n}`,
  remove: (n: number) => `Remove option ${n}`,
} as const;

export interface OptionsEditorProps {
  options: string[];
  onChange: (options: string[]) => void;
}

/** The answers of a choice question: rename, add, remove. */
export function OptionsEditor({ options, onChange }: OptionsEditorProps) {
  const rename = (index: number, text: string) => onChange(options.map((option, i) => (i === index ? text : option)));
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {OPTIONS_LABELS.heading}
      </Typography>
      {options.map((option, index) => (
        // Options are plain strings that may repeat while typed: their place is their identity.
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            fullWidth
            label={OPTIONS_LABELS.option(index + 1)}
            value={option}
            onChange={(event) => rename(index, event.target.value)}
            slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.option } }}
          />
          <IconButton
            aria-label={OPTIONS_LABELS.remove(index + 1)}
            onClick={() => onChange(options.filter((_option, i) => i !== index))}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Stack>
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => onChange([...options, OPTIONS_LABELS.option(options.length + 1)])}
        disabled={options.length >= SURVEY_LIMITS.options}
        sx={{ alignSelf: 'flex-start' }}
      >
        {OPTIONS_LABELS.add}
      </Button>
    </Stack>
  );
}
