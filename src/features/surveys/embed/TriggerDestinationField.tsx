import type { Control } from 'react-hook-form';
import type { TriggerSettings, TriggerType } from '@domain/survey/collection';
import { FormTextField } from '@/ui/FormTextField';

export interface TriggerDestinationFieldProps {
  control: Control<TriggerSettings>;
  /** The chosen type: callback, redirect and webhook each ask for their own field; the others none. */
  triggerType: TriggerType;
  /** While a save runs. */
  saving: boolean;
  /** For whoever may not change the settings: the text stays readable. */
  readOnly: boolean;
}

/** Where the completion goes for the chosen trigger type: the callback's name, or the redirect's or webhook's address. */
// Keyed by field: each type's field is its own, never one field renamed.
export function TriggerDestinationField({ control, triggerType, saving, readOnly }: TriggerDestinationFieldProps) {
  switch (triggerType) {
    case 'callback':
      return (
        <FormTextField
          key="callbackName"
          control={control}
          name="callbackName"
          label="Callback function name"
          required
          placeholder="onSurveyCompleted"
          helperText="A function on window (or a path to one, like myApp.onSurveyCompleted); it receives the completion details."
          disabled={saving}
          fullWidth
          slotProps={{ htmlInput: { readOnly, spellCheck: false } }}
        />
      );
    case 'redirect':
      return (
        <FormTextField
          key="redirectUrl"
          control={control}
          name="redirectUrl"
          label="Redirect URL"
          required
          type="url"
          placeholder="https://www.example.com/thank-you"
          disabled={saving}
          fullWidth
          slotProps={{ htmlInput: { readOnly } }}
        />
      );
    case 'webhook':
      return (
        <FormTextField
          key="webhookUrl"
          control={control}
          name="webhookUrl"
          label="Webhook URL"
          required
          type="url"
          placeholder="https://hooks.example.com/navout"
          helperText="Your server's address. It must answer with a 2xx status; other answers are retried for a while."
          disabled={saving}
          fullWidth
          slotProps={{ htmlInput: { readOnly } }}
        />
      );
    default:
      return null;
  }
}
