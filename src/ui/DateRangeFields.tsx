import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';

export interface DateRange {
  /** A day (yyyy-mm-dd), or empty for no lower bound. */
  from: string;
  /** A day (yyyy-mm-dd), or empty for no upper bound. */
  to: string;
}

export interface DateRangeFieldsProps extends DateRange {
  onChange: (range: DateRange) => void;
  /** Shown under From, e.g. a From after the To. */
  error?: string | null;
}

/**
 * A filter's From and To days, two cells of the filter grid that holds them (side by side from a
 * phone up); each date picker stops at the other's day.
 */
export function DateRangeFields({ from, to, onChange, error }: DateRangeFieldsProps) {
  return (
    <>
      <Grid size={{ xs: 6, md: 2 }}>
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(event) => onChange({ from: event.target.value, to })}
          fullWidth
          size="small"
          error={Boolean(error)}
          helperText={error ?? undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(event) => onChange({ from, to: event.target.value })}
          fullWidth
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
        />
      </Grid>
    </>
  );
}
