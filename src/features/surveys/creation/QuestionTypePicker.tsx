import { useId } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PICKER_TYPES, QUESTION_TYPE_LABELS } from '@domain/survey/defaults';
import type { QuestionType } from '@domain/survey/types';

export const PICKER_LABEL = 'Question Type';

export interface QuestionTypePickerProps {
  /** The type of the question in the editor, if any. */
  value: QuestionType | null;
  onPick: (type: QuestionType) => void;
  disabled?: boolean;
}

/** The question types the editor offers; choosing one starts a blank question of that type. */
export function QuestionTypePicker({ value, onPick, disabled = false }: QuestionTypePickerProps) {
  const labelId = useId();
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3" id={labelId}>
        {PICKER_LABEL}
      </Typography>
      <Stack role="group" aria-labelledby={labelId} spacing={0.75}>
        {PICKER_TYPES.map((type) => (
          <Button
            key={type}
            variant={value === type ? 'contained' : 'outlined'}
            aria-pressed={value === type}
            disabled={disabled}
            onClick={() => onPick(type)}
            sx={{ justifyContent: 'flex-start' }}
          >
            {QUESTION_TYPE_LABELS[type]}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
