import { useRef, useState, type ChangeEvent } from 'react';
import type { Area } from 'react-easy-crop';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { MB } from '@domain/limits';
import { LOGO_MESSAGES } from '@domain/survey/messages';
import { pixels, STYLING_RANGES } from '@domain/survey/targeting';
import { LOGO_FITS, LOGO_POSITIONS, type LogoFit, type LogoPosition, type SurveyLogo } from '@domain/survey/types';
import { serverMessage, UNKNOWN_REASON } from '@/lib/failure';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { useUploadSurveyLogo } from '../api/logos';
import { CheckedTextField } from './CheckedTextField';
import { cropToPng } from './cropImage';
import { styleFieldSchemas } from './fieldChecks';
import { LogoCropDialog } from './LogoCropDialog';
import { PxSlider } from './PxSlider';

/** Section 5: a logo file must be under 5 MB (5242880 bytes). */
export const SURVEY_LOGO_MAX_BYTES = 5 * MB;

export const LOGO_FIELD_LABELS = {
  enabled: 'Show logo',
  choose: 'Choose Image',
  change: 'Change Image',
  remove: 'Remove Logo',
  url: 'Logo URL',
  urlHint: 'Or type the https address of an image.',
  fileHint: 'PNG, JPEG, GIF or WebP, less than 5MB; you crop it next.',
  width: 'Logo Width',
  height: 'Logo Height',
  position: 'Logo Position',
  margin: 'Logo Margin',
  objectFit: 'Logo Fit',
  borderRadius: 'Logo Border Radius',
  opacity: 'Logo Opacity',
  uploadFailed: (detail: string) => `Failed to upload logo: ${detail}`,
} as const;

const POSITION_LABELS: Record<LogoPosition, string> = { top: 'Top', center: 'Center', left: 'Left', right: 'Right' };
const FIT_LABELS: Record<LogoFit, string> = { contain: 'Contain', cover: 'Cover', fill: 'Fill', 'scale-down': 'Scale down' };

export interface LogoFieldsProps {
  value: SurveyLogo;
  onChange: (logo: SurveyLogo) => void;
  /** Whose logo store the upload goes to: a company id; undefined for the signed-in user's own company. */
  companyFilter?: string;
  disabled?: boolean;
}

/**
 * A survey's logo: an image chosen, cropped and stored by the BFF (or an https address), and
 * where and how it shows. A controlled form: the crop step's upload is its only call.
 */
export function LogoFields({ value, onChange, companyFilter, disabled = false }: LogoFieldsProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [cropError, setCropError] = useState<string | null>(null);
  const upload = useUploadSurveyLogo(companyFilter);
  const set = <K extends keyof SurveyLogo>(key: K, next: SurveyLogo[K]) => onChange({ ...value, [key]: next });

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again fires a change again.
    event.target.value = '';
    if (!file) return;
    const problem = !file.type.startsWith('image/')
      ? LOGO_MESSAGES.notImage
      : file.size >= SURVEY_LOGO_MAX_BYTES
        ? LOGO_MESSAGES.tooLarge
        : null;
    setPickError(problem);
    if (problem) return;
    const reader = new FileReader();
    reader.onload = () => {
      setCropError(null);
      setCropSource(typeof reader.result === 'string' ? reader.result : null);
    };
    reader.onerror = () => setPickError(LOGO_MESSAGES.readError);
    reader.readAsDataURL(file);
  };

  const applyCrop = async (area: Area) => {
    if (!cropSource) return;
    setCropError(null);
    try {
      const png = await cropToPng(cropSource, area);
      const stored = await upload.mutateAsync(png);
      onChange({ ...value, url: stored.url, enabled: true });
      setCropSource(null);
    } catch (error) {
      setCropError(LOGO_FIELD_LABELS.uploadFailed(serverMessage(error, UNKNOWN_REASON)));
    }
  };

  const radius = STYLING_RANGES.borderRadiusPx;
  const opacity = STYLING_RANGES.logoOpacity;

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            bgcolor: 'action.hover',
          }}
        >
          {value.url ? (
            <Box component="img" src={value.url} alt="Survey logo" sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
          ) : (
            <ImageOutlinedIcon aria-hidden sx={{ color: 'text.secondary' }} />
          )}
        </Box>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" disabled={disabled} onClick={() => fileInput.current?.click()}>
              {value.url ? LOGO_FIELD_LABELS.change : LOGO_FIELD_LABELS.choose}
            </Button>
            {/* Out of the tab order: the button above opens the picker. */}
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              aria-label={LOGO_FIELD_LABELS.choose}
              tabIndex={-1}
              onChange={handleFile}
            />
            {(value.url || value.enabled) && (
              <Button
                color="error"
                startIcon={<DeleteOutlinedIcon />}
                disabled={disabled}
                onClick={() => onChange({ ...value, enabled: false, url: '' })}
              >
                {LOGO_FIELD_LABELS.remove}
              </Button>
            )}
          </Stack>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {LOGO_FIELD_LABELS.fileHint}
          </Typography>
        </Stack>
      </Stack>
      {pickError && (
        <Alert severity="error" onClose={() => setPickError(null)}>
          {pickError}
        </Alert>
      )}
      <FormControlLabel
        control={
          <Switch checked={value.enabled} onChange={(event) => set('enabled', event.target.checked)} disabled={disabled || !value.url} />
        }
        label={LOGO_FIELD_LABELS.enabled}
      />
      <CheckedTextField
        label={LOGO_FIELD_LABELS.url}
        value={value.url}
        schema={styleFieldSchemas.logoUrl}
        onChange={(url) => onChange({ ...value, url, enabled: url !== '' })}
        helperText={LOGO_FIELD_LABELS.urlHint}
        placeholder="https://"
        disabled={disabled}
        size="small"
        type="url"
      />
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
      <LogoCropDialog
        image={cropSource}
        busy={upload.isPending}
        error={cropError}
        onCancel={() => setCropSource(null)}
        onApply={(area) => void applyCrop(area)}
      />
    </Stack>
  );
}
