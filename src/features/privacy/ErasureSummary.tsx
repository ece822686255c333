/**
 * One erasure job: whom it erases (the identifier masked), its status and progress, and its count
 * per store, a store still under way marked with an ellipsis. StartedErasure follows the job just
 * started until it is done or failed.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ERASURE_IDENTIFIER_LABELS, ERASURE_STEP_LABELS, type ErasureView } from '@domain/privacy/contract';
import { FailureAlert } from '@/ui/FailureAlert';
import { useErasure } from './api';
import { ERASURE_STATUS_COLORS, ERASURE_STATUS_LABELS } from './labels';
import { When } from './parts';

export function ErasureSummary({ job }: { job: ErasureView }) {
  const percent = Math.round(job.progress * 100);
  const label = `${ERASURE_IDENTIFIER_LABELS[job.identifierType]} ${job.identifierHint}`;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere', flexGrow: 1 }}>{label}</Typography>
        <Chip size="small" label={ERASURE_STATUS_LABELS[job.status]} color={ERASURE_STATUS_COLORS[job.status]} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Started <When iso={job.createdAt} />
        {job.finishedAt && (
          <>
            {' '}
            · finished <When iso={job.finishedAt} />
          </>
        )}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={`Progress of the erasure of ${label}`} />
      {job.error && <Alert severity="error">{job.error}</Alert>}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.25, m: 0 }}>
        {job.steps.map((step) => (
          <Box key={step.step} sx={{ display: 'contents' }} data-step={step.step}>
            <Typography component="dt" variant="body2" sx={{ color: step.done ? 'text.primary' : 'text.secondary' }}>
              {ERASURE_STEP_LABELS[step.step]}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
              {step.done ? step.count : `${step.count}…`}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** The job just started, followed until it is done. */
export function StartedErasure({ companyId, id }: { companyId: string; id: string }) {
  const job = useErasure(companyId, id);
  if (!job.data) {
    return job.isError ? <FailureAlert title="Failed to load the erasure" error={job.error} onRetry={() => void job.refetch()} /> : null;
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label="Started erasure">
      <ErasureSummary job={job.data} />
    </Paper>
  );
}
