import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { pixels, STYLING_RANGES } from '@domain/survey/targeting';
import { LOGO_FITS, LOGO_POSITIONS, type LogoFit, type LogoPosition, type SurveyLogo } from '@domain/survey/types';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { CheckedTextField } from './CheckedTextField';
import { styleFieldSchemas } from './fieldChecks';
import { LOGO_FIELD_LABELS } from './logoFieldLabels';
import { PxSlider } from './PxSlider';

const POSITION_LABELS: Record<LogoPosition, string> = { top: 'Top', center: 'Center', left: 'Left', right: 'Right' };
const FIT_LABELS: Record<LogoFit, string> = { contain: 'Contain', cover: 'Cover', fill: 'Fill', 'scale-down': 'Scale down' };

export interface LogoPlacementFieldsProps {
  value: SurveyLogo;
  onChange: (logo: SurveyLogo) => void;
  disabled?: boolean;
}

/** Where and how the logo shows: size, position, fit, margin, corner radius and opacity. */
export function LogoPlacementFields({ value, onChange, disabled = false }: LogoPlacementFieldsProps) {
  const set = <K extends keyof SurveyLogo>(key: K, next: SurveyLogo[K]) => onChange({ ...value, [key]: next });
  const radius = STYLING_RANGES.borderRadiusPx;
  const opacity = STYLING_RANGES.logoOpacity;
  return (
    <Stack spacing={2.5}>
      <Grid container spacing={2}>
        {(['width', 'height'] as const).map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <CheckedTextField
              fullWidth
              size="small"
              label={LOGO_FIELD_LABELS[key]}
              value={value[key]}
              schema={styleFieldSchemas.logoSize}
              onChange={(next) => set(key, next)}
              helperText="e.g. 200px or auto"
              disabled={disabled}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            fullWidth
            size="small"
            label={LOGO_FIELD_LABELS.position}
            value={value.position}
            options={optionsOf(LOGO_POSITIONS, POSITION_LABELS)}
            onChange={(position) => set('position', position)}
            disabled={disabled}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            fullWidth
            size="small"
            label={LOGO_FIELD_LABELS.objectFit}
            value={value.objectFit}
            options={optionsOf(LOGO_FITS, FIT_LABELS)}
            onChange={(fit) => set('objectFit', fit)}
            disabled={disabled}
          />
        </Grid>
        <Grid size={12}>
          <CheckedTextField
            fullWidth
            size="small"
            label={LOGO_FIELD_LABELS.margin}
            value={value.margin}
            schema={styleFieldSchemas.logoMargin}
            onChange={(next) => set('margin', next)}
            helperText="One to four lengths, e.g. 0 auto 16px"
            disabled={disabled}
          />
        </Grid>
      </Grid>
      <PxSlider
        label={LOGO_FIELD_LABELS.borderRadius}
        value={Math.min(radius.max, pixels(value.borderRadius))}
        min={radius.min}
        max={radius.max}
        onChange={(next) => set('borderRadius', `${next}px`)}
        disabled={disabled}
      />
      <PxSlider
        label={LOGO_FIELD_LABELS.opacity}
        value={value.opacity}
        min={opacity.min}
        max={opacity.max}
        step={opacity.step}
        format={(n) => n.toFixed(1)}
        onChange={(next) => set('opacity', Math.round(next * 10) / 10)}
        disabled={disabled}
      />
    </Stack>
  );
}
