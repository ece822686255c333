import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WRITEBACK_DATA_LABELS, WRITEBACK_DESTINATION_LABELS, type WritebackDelivery, type WritebackJob } from '@domain/audience/contract';
import { FailureAlert } from '@/ui/FailureAlert';
import { useWritebackJobs } from './api';
import { formatDateTime } from '../format';
import { WRITEBACK_DELIVERY_STATUS_COLORS, WRITEBACK_DELIVERY_STATUS_LABELS, WRITEBACK_JOB_LABELS, WRITEBACK_JOB_STATUS_COLORS, WRITEBACK_JOB_STATUS_LABELS } from '../labels';

export interface WritebackJobsListProps {
  /** The company whose jobs these are (a global admin's choice). */
  companyId: string;
  /** Off where a dialog's title already names the list. */
  showTitle?: boolean;
}

/** The company's newest writebacks (at most 50), read again every few seconds while one is still sending. */
export function WritebackJobsList({ companyId, showTitle = true }: WritebackJobsListProps) {
  const jobs = useWritebackJobs(companyId);
  return (
    <Stack spacing={1.5} component="section" aria-label={WRITEBACK_JOB_LABELS.title}>
      {showTitle && (
        <Typography variant="h6" component="h2">
          {WRITEBACK_JOB_LABELS.title}
        </Typography>
      )}
      {jobs.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label="Loading writeback jobs" />
        </Box>
      ) : jobs.isError ? (
        <FailureAlert title={WRITEBACK_JOB_LABELS.loadFailed} error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : !jobs.data.length ? (
        <Typography sx={{ color: 'text.secondary' }}>{WRITEBACK_JOB_LABELS.empty}</Typography>
      ) : (
        <Stack spacing={1.5}>
          {jobs.data.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function JobCard({ job }: { job: WritebackJob }) {
  const title = `${formatDateTime(job.createdAt)} · ${WRITEBACK_JOB_LABELS.profiles(job.profileCount)}`;
  return (
    <Paper variant="outlined" component="article" aria-label={title} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography sx={{ fontWeight: 500, flexGrow: 1 }}>{title}</Typography>
          <Chip size="small" color={WRITEBACK_JOB_STATUS_COLORS[job.status]} label={WRITEBACK_JOB_STATUS_LABELS[job.status]} />
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          {job.data.map((kind) => (
            <Chip key={kind} size="small" variant="outlined" label={WRITEBACK_DATA_LABELS[kind]} />
          ))}
        </Stack>
        <List dense disablePadding>
          {job.deliveries.map((delivery) => (
            <DeliveryLine key={delivery.destinationId} delivery={delivery} />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

function DeliveryLine({ delivery }: { delivery: WritebackDelivery }) {
  const details = [
    WRITEBACK_JOB_LABELS.attempts(delivery.attempts),
    delivery.batches !== undefined ? WRITEBACK_JOB_LABELS.batches(delivery.batchesDelivered ?? 0, delivery.batches) : null,
    delivery.deliveredAt ? formatDateTime(delivery.deliveredAt) : null,
  ].filter(Boolean);
  return (
    <ListItem disableGutters sx={{ display: 'block' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {delivery.destinationName}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {WRITEBACK_DESTINATION_LABELS[delivery.kind]}
        </Typography>
        <Chip size="small" variant="outlined" color={WRITEBACK_DELIVERY_STATUS_COLORS[delivery.status]} label={WRITEBACK_DELIVERY_STATUS_LABELS[delivery.status]} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {details.join(' · ')}
        </Typography>
      </Stack>
      {delivery.lastError && (
        <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5, wordBreak: 'break-word' }}>
          {delivery.lastError}
        </Typography>
      )}
    </ListItem>
  );
}
