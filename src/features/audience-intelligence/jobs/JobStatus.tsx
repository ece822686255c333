import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { withReason } from '@/lib/failure';
import { JOB_LABELS } from '../labels';
import { JobProgress } from './JobProgress';
import { JobSummaryDialog } from './JobSummaryDialog';
import type { AudienceJobs } from './useAudienceJobs';

export interface JobStatusProps {
  jobs: AudienceJobs;
}

/** Where the company's jobs stand: the one under way, a start refused, the last failure, the summary of one just ended. */
export function JobStatus({ jobs }: JobStatusProps) {
  return (
    <>
      {jobs.running && <JobProgress job={jobs.running} />}
      {jobs.startError !== null && <Alert severity="error">{withReason(JOB_LABELS.startFailed, jobs.startError)}</Alert>}
      {jobs.lastFailed && (
        <Alert severity="warning" onClose={jobs.dismissLastFailed}>
          <AlertTitle>{JOB_LABELS.failed[jobs.lastFailed.kind]}</AlertTitle>
          {jobs.lastFailed.error && <Typography variant="body2">{jobs.lastFailed.error}</Typography>}
          <Typography variant="body2">{JOB_LABELS.lastFailedNote}</Typography>
        </Alert>
      )}
      <JobSummaryDialog job={jobs.finished} onClose={jobs.dismissFinished} />
    </>
  );
}
