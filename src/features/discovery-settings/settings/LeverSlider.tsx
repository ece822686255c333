import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeverInfo, LeverReadiness } from '@domain/models/settings';

export interface LeverSliderProps {
  info: LeverInfo;
  value: number;
  /** The saved value differs: the slider says it is edited. */
  edited?: boolean;
  disabled?: boolean;
  /** 100 for every lever; the holdout stops lower. */
  max?: number;
  /** Discovery levers only: how much of the company's data the lever can use. */
  readiness?: LeverReadiness;
  onChange: (value: number) => void;
}

/** One lever from 0 to 100 %, its value shown, with what it does and (Discovery) its data readiness. */
export function LeverSlider({ info, value, edited = false, disabled = false, max = 100, readiness, onChange }: LeverSliderProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography id={labelId} variant="subtitle2" component="h4">
          {info.label}
          {edited && (
            <Typography component="span" variant="caption" sx={{ ml: 1, color: 'text.secondary' }}>
              (edited)
            </Typography>
          )}
        </Typography>
        <Typography variant="subtitle2" component="output" aria-hidden>
          {value} %
        </Typography>
      </Stack>
      <Slider
        value={value}
        min={0}
        max={max}
        step={1}
        disabled={disabled}
        valueLabelDisplay="auto"
        getAriaValueText={(current) => `${current} %`}
        slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': descriptionId } }}
        onChange={(_event, next) => onChange(next as number)}
      />
      <Typography id={descriptionId} variant="body2" sx={{ color: 'text.secondary' }}>
        {info.description}
      </Typography>
      {readiness && (
        <Alert severity={readiness.noEffect ? 'warning' : 'info'} variant="outlined" sx={{ mt: 1, py: 0 }}>
          {readiness.note}
        </Alert>
      )}
    </Box>
  );
}
