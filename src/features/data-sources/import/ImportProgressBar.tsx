import { useId } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProgressView } from './importProgress';

export interface ImportProgressBarProps {
  view: ProgressView;
  /** 'Importing customers.csv' or 'Checking customers.csv'. */
  title: string;
}

/** A determinate bar fed by the server's progress lines, with the running step in words. */
export function ImportProgressBar({ view, title }: ImportProgressBarProps) {
  const labelId = useId();
  const detailId = useId();
  return (
    <Stack spacing={1}>
      <Typography id={labelId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>
          <LinearProgress
            variant="determinate"
            value={view.percent}
            aria-labelledby={labelId}
            aria-describedby={detailId}
            aria-valuetext={`${view.percent}%: ${view.phase}`}
          />
        </Box>
        <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
          {view.percent}%
        </Typography>
      </Stack>
      {/* Announced politely as the step changes, not on every count. */}
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
        <strong>{view.phase}</strong>
      </Typography>
      <Typography id={detailId} variant="body2" sx={{ color: 'text.secondary' }}>
        {view.detail}
      </Typography>
    </Stack>
  );
}
