import type { Control } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyInput } from '@domain/auth/schemas';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, RETENTION_FIELDS, RETENTION_LABELS } from '@domain/company/retention';
import { FormTextField } from '@/ui/FormTextField';

export interface RetentionFieldsProps {
  control: Control<CompanyInput>;
  disabled?: boolean;
}

/** The company's retention periods in days, each empty to keep that data (src/domain/company/retention.ts). */
export function RetentionFields({ control, disabled = false }: RetentionFieldsProps) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3">
        Data Retention
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Older data is deleted automatically. Leave a period empty to keep that data. Dashboard totals stay.
      </Typography>
      <Grid container spacing={2}>
        {RETENTION_FIELDS.map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name={`retention.${field}`}
              label={`${RETENTION_LABELS[field]} (days)`}
              type="number"
              placeholder="Keep"
              slotProps={{ htmlInput: { min: RETENTION_DAYS_MIN, max: RETENTION_DAYS_MAX, step: 1, inputMode: 'numeric' } }}
              disabled={disabled}
              fullWidth
            />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
