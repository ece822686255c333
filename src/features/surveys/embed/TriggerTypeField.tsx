import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { TRIGGER_TYPES, type TriggerType } from '@domain/survey/collection';

/** Each trigger type with what it does on completion. */
export const TRIGGER_TYPE_TEXT: Record<TriggerType, { label: string; help: string }> = {
  none: { label: 'None', help: 'Nothing happens after the thank-you message.' },
  event: {
    label: 'Browser event',
    help: 'Your page receives a navoutSurveyCompleted event on window, with the survey, the response and its answers in event.detail.',
  },
  callback: { label: 'JavaScript callback', help: 'The widget calls a function of your page, window.<name>(detail), with the same details.' },
  redirect: { label: 'Redirect', help: 'The respondent is taken to the address you give (a thank-you or offer page).' },
  webhook: {
    label: 'Webhook',
    help: 'Our server POSTs the completion to your server as a signed Standard Webhooks request, retried until it is accepted.',
  },
};

export interface TriggerTypeFieldProps {
  name: string;
  value: TriggerType;
  onChange: (type: TriggerType) => void;
  disabled?: boolean;
}

/** "On completion": one of the trigger types, each with what it does. */
export function TriggerTypeField({ name, value, onChange, disabled = false }: TriggerTypeFieldProps) {
  return (
    // The radios are disabled, not the group: a disabled legend would be too faint to read.
    <FormControl component="fieldset">
      <FormLabel component="legend">On completion</FormLabel>
      <RadioGroup name={name} value={value} onChange={(event) => onChange(event.target.value as TriggerType)}>
        {TRIGGER_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            value={type}
            control={<Radio disabled={disabled} />}
            sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
            label={
              <Box>
                <Typography>{TRIGGER_TYPE_TEXT[type].label}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {TRIGGER_TYPE_TEXT[type].help}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
