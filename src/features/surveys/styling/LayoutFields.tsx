import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { VIEW_MODES, type SurveyDisplay, type SurveyLayout, type ViewMode } from '@domain/survey/types';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { CheckedTextField } from './CheckedTextField';
import { styleFieldSchemas } from './fieldChecks';

export interface LayoutFieldsProps {
  layout: SurveyLayout;
  display: SurveyDisplay;
  onLayoutChange: (layout: SurveyLayout) => void;
  onDisplayChange: (display: SurveyDisplay) => void;
  disabled?: boolean;
}

export const LAYOUT_FIELD_LABELS = {
  viewMode: 'Display Mode',
  showProgress: 'Show progress',
  allowBackNavigation: 'Allow back navigation',
  width: 'Width',
  maxWidth: 'Max Width',
  padding: 'Padding',
} as const;

export const VIEW_MODE_LABELS: Record<ViewMode, string> = {
  scroll: 'Scroll (all questions on one page)',
  carousel: 'Carousel (one question at a time)',
};

/** Display mode and layout of a survey: a controlled form. */
export function LayoutFields({ layout, display, onLayoutChange, onDisplayChange, disabled = false }: LayoutFieldsProps) {
  return (
    <Stack spacing={2.5}>
      <SelectField
        label={LAYOUT_FIELD_LABELS.viewMode}
        value={display.viewMode}
        options={optionsOf(VIEW_MODES, VIEW_MODE_LABELS)}
        onChange={(viewMode) => onDisplayChange({ ...display, viewMode })}
        disabled={disabled}
        size="small"
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3 }}>
        <FormControlLabel
          control={
            <Switch
              checked={display.showProgress}
              onChange={(event) => onDisplayChange({ ...display, showProgress: event.target.checked })}
              disabled={disabled}
            />
          }
          label={LAYOUT_FIELD_LABELS.showProgress}
        />
        <FormControlLabel
          control={
            <Switch
              checked={display.allowBackNavigation}
              onChange={(event) => onDisplayChange({ ...display, allowBackNavigation: event.target.checked })}
              disabled={disabled}
            />
          }
          label={LAYOUT_FIELD_LABELS.allowBackNavigation}
        />
      </Stack>
      <Grid container spacing={2}>
        {(['width', 'maxWidth', 'padding'] as const).map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 4 }}>
            <CheckedTextField
              fullWidth
              size="small"
              label={LAYOUT_FIELD_LABELS[key]}
              value={layout[key]}
              schema={styleFieldSchemas[key]}
              onChange={(next) => onLayoutChange({ ...layout, [key]: next })}
              disabled={disabled}
              helperText={key === 'padding' ? 'One to four lengths, e.g. 20px or 12px 24px' : 'e.g. 100% or 600px'}
            />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
