import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExportProgress } from './useResponsesExport';

export const EXPORT_LABEL = 'Export CSV';
export const EXPORTING_LABEL = 'Exporting...';

export const exportProgressText = ({ rows, total }: ExportProgress) => (total === null ? `${rows} rows` : `${rows} of ${total} rows`);

export interface ExportButtonProps {
  /** null when no export runs. */
  progress: ExportProgress | null;
  onExport: () => void;
  disabled?: boolean;
}

/** The CSV export of the filtered responses, with how far it has come while it runs. */
export function ExportButton({ progress, onExport, disabled = false }: ExportButtonProps) {
  const percent = progress?.total ? Math.min(100, (progress.rows / progress.total) * 100) : 0;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 180 }}>
      <Button variant="contained" startIcon={<FileDownloadIcon />} onClick={onExport} disabled={disabled || progress !== null}>
        {progress ? EXPORTING_LABEL : EXPORT_LABEL}
      </Button>
      {progress && (
        <Box>
          <LinearProgress
            variant={progress.total ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label="Export progress"
            aria-valuetext={exportProgressText(progress)}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-live="polite">
            {exportProgressText(progress)}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
