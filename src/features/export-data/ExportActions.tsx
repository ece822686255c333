/**
 * Preview Data and Download CSV (specification, section 2), disabled with the hint until a field
 * is chosen; while a download runs, its progress and a way to cancel it.
 */
import { useId } from 'react';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import PreviewIcon from '@mui/icons-material/PreviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_LABELS } from '@domain/audience/export';
import { EXPORT_TEXT } from './labels';
import type { DownloadProgress } from './useExportDownload';

export interface ExportActionsProps {
  selectedCount: number;
  /** Something other than the fields stops the download (an unusable file name). */
  downloadBlocked?: boolean;
  /** How many rows the file will have, when known. */
  summary?: string | null;
  progress: DownloadProgress | null;
  onPreview: () => void;
  onDownload: () => void;
  onCancel: () => void;
}

export function ExportActions({ selectedCount, downloadBlocked = false, summary, progress, onPreview, onDownload, onCancel }: ExportActionsProps) {
  const hintId = useId();
  const noFields = selectedCount === 0;
  const running = progress !== null;
  const percent = progress?.total ? Math.min(100, (progress.rows / progress.total) * 100) : 0;
  return (
    <Stack spacing={1.5} component="section" aria-label="Export actions">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" startIcon={<PreviewIcon />} onClick={onPreview} disabled={noFields} aria-describedby={noFields ? hintId : undefined}>
          {EXPORT_LABELS.preview}
        </Button>
        <Button
          variant="contained"
          startIcon={<FileDownloadIcon />}
          onClick={onDownload}
          disabled={noFields || downloadBlocked || running}
          aria-describedby={noFields ? hintId : undefined}
        >
          {running ? EXPORT_TEXT.exporting : EXPORT_LABELS.download}
        </Button>
        {summary && <Typography sx={{ color: 'text.secondary' }}>{summary}</Typography>}
      </Stack>
      {noFields && (
        <Typography id={hintId} variant="body2" sx={{ color: 'warning.main' }}>
          {EXPORT_LABELS.noFields}
        </Typography>
      )}
      {progress && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 560 }}>
          <Box sx={{ flexGrow: 1 }}>
            <LinearProgress
              variant={progress.total ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label="Export progress"
              aria-valuetext={EXPORT_TEXT.progress(progress.rows, progress.total)}
            />
            <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-live="polite">
              {EXPORT_TEXT.progress(progress.rows, progress.total)}
            </Typography>
          </Box>
          <Button size="small" onClick={onCancel}>
            {EXPORT_TEXT.cancel}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
