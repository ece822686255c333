import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AudienceJob } from '@domain/audience/contract';
import { JOB_LABELS } from '../labels';

export interface JobProgressProps {
  job: AudienceJob;
}

/** A rebuild or reclassification under way: what it does and how far it got. */
export function JobProgress({ job }: JobProgressProps) {
  const title = job.kind === 'rebuild' ? JOB_LABELS.rebuilding : JOB_LABELS.reclassifying;
  const queued = job.status === 'queued';
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  return (
    <Paper variant="outlined" role="status" aria-label={title} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {queued ? JOB_LABELS.queued : JOB_LABELS.progress(job.processed, job.total)}
        </Typography>
      </Stack>
      <Box>
        {queued ? (
          <LinearProgress aria-label={title} />
        ) : (
          <LinearProgress variant="determinate" value={percent} aria-label={title} aria-valuetext={`${percent}%`} />
        )}
      </Box>
    </Paper>
  );
}
