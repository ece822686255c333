import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RATING_DEFAULTS, TEXT_TYPES } from '@domain/survey/defaults';
import { SURVEY_LIMITS } from '@domain/survey/limits';
import { DATE_FORMATS, type Question, type QuestionSettings } from '@domain/survey/types';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { DATE_FORMAT_LABELS } from './labels';

export const SETTINGS_LABELS = {
  heading: 'Settings',
  placeholder: 'Placeholder',
  minLength: 'Minimum Length',
  maxLength: 'Maximum Length',
  min: 'Minimum',
  max: 'Maximum',
  step: 'Step',
  ratingMax: 'Highest Rating',
  dateFormat: 'Date Format',
} as const;

/** Ratings run from 1 to this many points at most. */
const RATING_MAX_LIMIT = 10;

export interface QuestionSettingsFieldsProps {
  question: Question;
  onChange: (settings: QuestionSettings) => void;
}

function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  step?: number | 'any';
}) {
  return (
    <TextField
      size="small"
      fullWidth
      type="number"
      label={label}
      value={value ?? ''}
      onChange={(event) => {
        const text = event.target.value.trim();
        const number = Number(text);
        onChange(text === '' || !Number.isFinite(number) ? undefined : number);
      }}
      slotProps={{ htmlInput: { min, max, step } }}
    />
  );
}

/** What a question of each type lets the creator tune: lengths, ranges, the rating scale, the date format. */
export function QuestionSettingsFields({ question, onChange }: QuestionSettingsFieldsProps) {
  const settings = question.settings;
  const set = <K extends keyof QuestionSettings>(key: K, value: QuestionSettings[K]) => onChange({ ...settings, [key]: value });
  const placeholder = (
    <TextField
      size="small"
      fullWidth
      label={SETTINGS_LABELS.placeholder}
      value={settings.placeholder ?? ''}
      onChange={(event) => set('placeholder', event.target.value)}
      slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.placeholder } }}
    />
  );

  let fields: ReactNode = null;
  if (TEXT_TYPES.includes(question.type)) {
    fields = (
      <Grid container spacing={2}>
        <Grid size={12}>{placeholder}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <NumberField label={SETTINGS_LABELS.minLength} value={settings.minLength} min={0} step={1} onChange={(v) => set('minLength', v)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <NumberField label={SETTINGS_LABELS.maxLength} value={settings.maxLength} min={1} step={1} onChange={(v) => set('maxLength', v)} />
        </Grid>
      </Grid>
    );
  } else if (question.type === 'number') {
    // The editor's min/max are what the renderer reads first; minValue/maxValue are kept in step.
    fields = (
      <Grid container spacing={2}>
        <Grid size={12}>{placeholder}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <NumberField label={SETTINGS_LABELS.min} value={settings.min ?? settings.minValue} step="any" onChange={(v) => onChange({ ...settings, min: v, minValue: v })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <NumberField label={SETTINGS_LABELS.max} value={settings.max ?? settings.maxValue} step="any" onChange={(v) => onChange({ ...settings, max: v, maxValue: v })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <NumberField label={SETTINGS_LABELS.step} value={settings.step} min={0} step="any" onChange={(v) => set('step', v && v > 0 ? v : undefined)} />
        </Grid>
      </Grid>
    );
  } else if (question.type === 'rating') {
    fields = (
      <SelectField
        size="small"
        label={SETTINGS_LABELS.ratingMax}
        value={settings.maxValue ?? RATING_DEFAULTS.maxValue}
        options={Array.from({ length: RATING_MAX_LIMIT - 1 }, (_unused, i) => ({ value: i + 2, label: `1 to ${i + 2}` }))}
        onChange={(max) => set('maxValue', max)}
        sx={{ maxWidth: 240 }}
      />
    );
  } else if (question.type === 'date') {
    fields = (
      <SelectField
        size="small"
        label={SETTINGS_LABELS.dateFormat}
        value={settings.dateFormat ?? 'date'}
        options={optionsOf(DATE_FORMATS, DATE_FORMAT_LABELS)}
        onChange={(format) => set('dateFormat', format)}
        sx={{ maxWidth: 240 }}
      />
    );
  }

  if (!fields) return null;
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {SETTINGS_LABELS.heading}
      </Typography>
      {fields}
    </Stack>
  );
}
