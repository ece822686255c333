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

/**
 * How far a build has got, in one unit: the server counts the records it has read of the company's
 * records (people, events and survey responses, many more than the profiles they make), and the
 * text and the bar both show that count. Once every record is read the profiles are written, which
 * the server does not count: the bar then runs without a figure.
 */
export function jobStage(job: AudienceJob): { text: string; percent: number | null } {
  if (job.status === 'queued') return { text: JOB_LABELS.queued, percent: null };
  const total = Math.max(0, job.total);
  const processed = Math.min(Math.max(0, job.processed), total);
  if (total > 0 && processed >= total) return { text: JOB_LABELS.writing(total), percent: null };
  return { text: JOB_LABELS.progress(processed, total), percent: total > 0 ? Math.min(99, Math.round((processed / total) * 100)) : 0 };
}

/** A rebuild or reclassification under way: what it does and how far it got. */
export function JobProgress({ job }: JobProgressProps) {
  const title = job.kind === 'rebuild' ? JOB_LABELS.rebuilding : JOB_LABELS.reclassifying;
  const { text, percent } = jobStage(job);
  return (
    <Paper variant="outlined" role="status" aria-label={title} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {text}
        </Typography>
      </Stack>
      <Box>
        {percent === null ? (
          <LinearProgress aria-label={title} aria-valuetext={text} />
        ) : (
          <LinearProgress variant="determinate" value={percent} aria-label={title} aria-valuetext={`${percent}%: ${text}`} />
        )}
      </Box>
      {job.status !== 'queued' && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
          {JOB_LABELS.progressNote}
        </Typography>
      )}
    </Paper>
  );
}
