import { useId } from 'react';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';

export interface PxSliderProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  /** How the value reads: '8px', '0.5'. */
  format?: (value: number) => string;
  disabled?: boolean;
}

/** A labelled slider whose current value is written beside its label. */
export function PxSlider({ label, value, onChange, min, max, step = 1, format = (n) => `${n}px`, disabled = false }: PxSliderProps) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="body2" gutterBottom>
        {label}: {format(value)}
      </Typography>
      <Slider
        aria-labelledby={labelId}
        getAriaValueText={format}
        value={value}
        min={min}
        max={max}
        step={step}
        marks
        disabled={disabled}
        size="small"
        onChange={(_event, next) => onChange(Array.isArray(next) ? next[0] : next)}
      />
    </Box>
  );
}
