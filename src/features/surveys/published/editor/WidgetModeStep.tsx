import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { delaySeconds, STYLING_RANGES } from '@domain/survey/targeting';
import { BUTTON_POSITIONS, WIDGET_MODES, type ButtonPosition, type WidgetMode } from '@domain/survey/types';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { NumberField } from './NumberField';
import { useEditorField } from './useEditorField';

export const WIDGET_MODE_LABELS: Record<WidgetMode, string> = {
  overlay: 'Overlay',
  inline: 'Inline',
  button: 'Button',
};

const WIDGET_MODE_HINTS: Record<WidgetMode, string> = {
  overlay: 'Opens over the page in a centred window.',
  inline: 'Sits inside the page, in the element you name.',
  button: 'A floating button opens the survey.',
};

export const BUTTON_POSITION_LABELS: Record<ButtonPosition, string> = {
  'bottom-right': 'Bottom right',
  'bottom-left': 'Bottom left',
  'top-right': 'Top right',
  'top-left': 'Top left',
};

/** Step 5: how the widget shows the survey on the company's site. */
export function WidgetModeStep() {
  const labelId = useId();
  const mode = useEditorField('settings.widget.displayMode');
  const position = useEditorField('settings.widget.position');
  const autoOpen = useEditorField('settings.widget.autoOpen');
  const delay = useEditorField('settings.widget.delay');
  const inlineTarget = useEditorField('settings.widget.inlineTarget');
  return (
    <Stack spacing={2.5}>
      <FormControl>
        <FormLabel id={labelId}>Display mode</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={mode.value} onChange={(_event, value) => mode.onChange(value as WidgetMode)}>
          {WIDGET_MODES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={`${WIDGET_MODE_LABELS[value]}: ${WIDGET_MODE_HINTS[value]}`}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {mode.value === 'button' && (
        <SelectField
          label="Button position"
          value={position.value}
          options={optionsOf(BUTTON_POSITIONS, BUTTON_POSITION_LABELS)}
          onChange={position.onChange}
          fullWidth
        />
      )}
      {mode.value === 'inline' && (
        <TextField
          label="Inline target selector"
          value={inlineTarget.value}
          onChange={(event) => inlineTarget.onChange(event.target.value)}
          placeholder="#survey-container"
          error={Boolean(inlineTarget.error)}
          helperText={inlineTarget.error ?? 'A CSS selector of the element that holds the survey; empty places it where the embed code is.'}
          fullWidth
        />
      )}
      <FormControlLabel
        control={<Switch checked={autoOpen.value} onChange={(event) => autoOpen.onChange(event.target.checked)} />}
        label="Open automatically"
      />
      <NumberField
        label="Delay before opening"
        unit="seconds"
        value={delay.value}
        onChange={delay.onChange}
        min={STYLING_RANGES.delaySeconds.min}
        max={STYLING_RANGES.delaySeconds.max}
        toNumber={delaySeconds}
        error={delay.error}
        helperText={`${STYLING_RANGES.delaySeconds.min}-${STYLING_RANGES.delaySeconds.max} seconds`}
      />
    </Stack>
  );
}
