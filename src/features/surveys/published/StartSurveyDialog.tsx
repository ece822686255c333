import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { endConditionError } from '@domain/survey/lifecycle';
import { END_CONDITION_TYPES, type EndCondition, type EndConditionType, type PublishedSurvey } from '@domain/survey/types';

export const START_SURVEY_TITLE = 'Start Survey';

export const END_CONDITION_LABELS: Record<EndConditionType, string> = {
  date: 'On a date',
  days: 'After a number of days',
  responses: 'After a number of responses',
};

const VALUE_LABELS: Record<EndConditionType, string> = {
  date: 'End date',
  days: 'Number of days',
  responses: 'Number of responses',
};

/** The chooser's own calendar day, YYYY-MM-DD: "not before today" means their today. */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface EndConditionInput {
  type: EndConditionType;
  value: string;
}

/** The start modal's rules (data document, section 5, "Starting a survey"), from the shared rule book. */
const endConditionResolver =
  (today: string): Resolver<EndConditionInput> =>
  (values): ResolverResult<EndConditionInput> => {
    const message = endConditionError(values.type, values.value, today);
    if (!message) return { values, errors: {} };
    return { values: {}, errors: { value: { type: 'endCondition', message } } };
  };

export interface StartSurveyDialogProps {
  /** The survey to start; null when the dialog is closed. */
  survey: PublishedSurvey | null;
  /** While the start call runs: the buttons wait. */
  starting: boolean;
  onStart: (survey: PublishedSurvey, endCondition: EndCondition) => void;
  onClose: () => void;
  /** The chooser's today; the real clock's unless a story fixes it. */
  today?: string;
}

/** Starting a survey first asks when it ends: on a date, after some days, or after some responses. */
export function StartSurveyDialog({ survey, starting, onStart, onClose, today }: StartSurveyDialogProps) {
  const titleId = useId();
  // The dialog keeps the survey while its closing transition plays.
  const [shown, setShown] = useState(survey);
  if (survey && survey !== shown) setShown(survey);
  return (
    <Dialog open={Boolean(survey)} onClose={starting ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      {shown && (
        <StartSurveyForm
          key={shown.id}
          titleId={titleId}
          survey={shown}
          starting={starting}
          onStart={onStart}
          onClose={onClose}
          today={today ?? localDay(new Date())}
        />
      )}
    </Dialog>
  );
}

function StartSurveyForm({
  titleId,
  survey,
  starting,
  onStart,
  onClose,
  today,
}: Omit<StartSurveyDialogProps, 'survey' | 'today'> & { titleId: string; survey: PublishedSurvey; today: string }) {
  const typeLabel = useId();
  const { control, handleSubmit, setValue, clearErrors } = useForm<EndConditionInput>({
    resolver: endConditionResolver(today),
    defaultValues: { type: 'date', value: '' },
  });
  const type = useWatch({ control, name: 'type' });
  const submit = handleSubmit(({ type: chosen, value }) =>
    onStart(survey, { type: chosen, value: chosen === 'date' ? value : Number(value) }),
  );
  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{START_SURVEY_TITLE}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>Choose when &quot;{survey.name}&quot; stops collecting responses.</DialogContentText>
          <FormControl>
            <FormLabel id={typeLabel}>The survey ends</FormLabel>
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <RadioGroup
                  aria-labelledby={typeLabel}
                  value={field.value}
                  onChange={(_event, value) => {
                    field.onChange(value as EndConditionType);
                    setValue('value', '');
                    clearErrors('value');
                  }}
                >
                  {END_CONDITION_TYPES.map((value) => (
                    <FormControlLabel key={value} value={value} control={<Radio />} label={END_CONDITION_LABELS[value]} />
                  ))}
                </RadioGroup>
              )}
            />
          </FormControl>
          <Controller
            control={control}
            name="value"
            render={({ field, fieldState }) => (
              <TextField
                // A date and a number are different inputs: each type gets its own.
                key={type}
                label={VALUE_LABELS[type]}
                type={type === 'date' ? 'date' : 'number'}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{
                  inputLabel: type === 'date' ? { shrink: true } : undefined,
                  htmlInput: type === 'date' ? { min: today } : { min: 1, step: 1, inputMode: 'numeric' },
                }}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={starting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={starting}>
          {starting ? 'Starting...' : START_SURVEY_TITLE}
        </Button>
      </DialogActions>
    </form>
  );
}
