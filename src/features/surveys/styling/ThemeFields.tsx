import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { pixels, STYLING_RANGES } from '@domain/survey/targeting';
import { ALIGNMENTS, FONT_FAMILIES, type Alignment, type FontFamily, type SurveyTheme } from '@domain/survey/types';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { ColorField } from './ColorField';
import { PxSlider } from './PxSlider';

export interface ThemeFieldsProps {
  value: SurveyTheme;
  onChange: (theme: SurveyTheme) => void;
  disabled?: boolean;
}

export const THEME_FIELD_LABELS = {
  primaryColor: 'Primary Color',
  secondaryColor: 'Secondary Color',
  backgroundColor: 'Background Color',
  textColor: 'Text Color',
  buttonBackgroundColor: 'Button Color',
  fontFamily: 'Font Family',
  borderRadius: 'Border Radius',
  titleAlignment: 'Title Alignment',
  questionAlignment: 'Question Alignment',
} as const;

const COLOUR_KEYS = ['primaryColor', 'secondaryColor', 'backgroundColor', 'textColor', 'buttonBackgroundColor'] as const;
const ALIGNMENT_LABELS: Record<Alignment, string> = { left: 'Left', center: 'Center', right: 'Right' };

/** Colours and typography of a survey (styling step "colours and typography"): a controlled form. */
export function ThemeFields({ value, onChange, disabled = false }: ThemeFieldsProps) {
  const set = <K extends keyof SurveyTheme>(key: K, next: SurveyTheme[K]) => onChange({ ...value, [key]: next });
  const radius = STYLING_RANGES.borderRadiusPx;
  return (
    <Stack spacing={2.5}>
      <Grid container spacing={2}>
        {COLOUR_KEYS.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <ColorField label={THEME_FIELD_LABELS[key]} value={value[key]} onChange={(next) => set(key, next)} disabled={disabled} />
          </Grid>
        ))}
      </Grid>
      {/* Not a SelectField: each font's option is shown in that font. */}
      <TextField
        select
        label={THEME_FIELD_LABELS.fontFamily}
        value={value.fontFamily}
        onChange={(event) => set('fontFamily', event.target.value as FontFamily)}
        disabled={disabled}
        size="small"
      >
        {FONT_FAMILIES.map((font) => (
          <MenuItem key={font} value={font} sx={{ fontFamily: font }}>
            {font}
          </MenuItem>
        ))}
      </TextField>
      <PxSlider
        label={THEME_FIELD_LABELS.borderRadius}
        value={Math.min(radius.max, pixels(value.borderRadius))}
        min={radius.min}
        max={radius.max}
        onChange={(next) => set('borderRadius', `${next}px`)}
        disabled={disabled}
      />
      <Grid container spacing={2}>
        {(['titleAlignment', 'questionAlignment'] as const).map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <SelectField
              fullWidth
              label={THEME_FIELD_LABELS[key]}
              value={value[key]}
              options={optionsOf(ALIGNMENTS, ALIGNMENT_LABELS)}
              onChange={(alignment) => set(key, alignment)}
              disabled={disabled}
              size="small"
            />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
