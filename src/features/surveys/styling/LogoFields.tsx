import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { SurveyLogo } from '@domain/survey/types';
import { CheckedTextField } from './CheckedTextField';
import { styleFieldSchemas } from './fieldChecks';
import { LogoCropDialog } from './LogoCropDialog';
import { LOGO_FIELD_LABELS } from './logoFieldLabels';
import { LogoPicker } from './LogoPicker';
import { LogoPlacementFields } from './LogoPlacementFields';
import { useLogoUpload } from './useLogoUpload';

export { LOGO_FIELD_LABELS } from './logoFieldLabels';
export { SURVEY_LOGO_MAX_BYTES } from './useLogoUpload';

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
  const upload = useLogoUpload(companyFilter, (url) => onChange({ ...value, url, enabled: true }));
  return (
    <Stack spacing={2.5}>
      <LogoPicker
        url={value.url}
        enabled={value.enabled}
        onPick={upload.pick}
        onRemove={() => onChange({ ...value, enabled: false, url: '' })}
        disabled={disabled}
      />
      {upload.pickError && (
        <Alert severity="error" onClose={upload.dismissPickError}>
          {upload.pickError}
        </Alert>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={value.enabled}
            onChange={(event) => onChange({ ...value, enabled: event.target.checked })}
            disabled={disabled || !value.url}
          />
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
      <LogoPlacementFields value={value} onChange={onChange} disabled={disabled} />
      <LogoCropDialog {...upload.crop} />
    </Stack>
  );
}
