/** "Export Configuration" (specification, section 2): the file name and the date range. */
import { useId } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXPORT_LABELS, EXPORT_RANGE_LABELS, EXPORT_RANGES, exportFileName, type ExportRange } from '@domain/audience/export';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { EXPORT_TEXT } from './labels';

export interface ExportConfigurationCardProps {
  fileName: string;
  onFileNameChange: (fileName: string) => void;
  range: ExportRange;
  onRangeChange: (range: ExportRange) => void;
  /** Why the file name cannot be used, or null. */
  fileNameProblem: string | null;
}

export function ExportConfigurationCard({ fileName, onFileNameChange, range, onRangeChange, fileNameProblem }: ExportConfigurationCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3, height: '100%' }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {EXPORT_LABELS.configuration}
      </Typography>
      <Stack spacing={3} sx={{ mt: 2 }}>
        <TextField
          label={EXPORT_LABELS.fileName}
          value={fileName}
          onChange={(event) => onFileNameChange(event.target.value)}
          error={fileNameProblem !== null}
          helperText={fileNameProblem ?? EXPORT_TEXT.savedAs(exportFileName(fileName, range))}
          slotProps={{ htmlInput: { spellCheck: false } }}
          fullWidth
        />
        <SelectField
          label={EXPORT_LABELS.dateRange}
          value={range}
          options={optionsOf(EXPORT_RANGES, EXPORT_RANGE_LABELS)}
          onChange={onRangeChange}
          fullWidth
        />
      </Stack>
    </Paper>
  );
}
