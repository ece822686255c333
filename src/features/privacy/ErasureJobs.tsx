/** The company's erasure jobs, newest first, each as its summary; asked again while one runs. */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FailureAlert } from '@/ui/FailureAlert';
import { useErasures } from './api';
import { ErasureSummary } from './ErasureSummary';
import { NO_ERASURES } from './labels';
import { Loading, Section } from './parts';

export function ErasureJobs({ companyId, enabled }: { companyId: string; enabled: boolean }) {
  const jobs = useErasures(companyId, enabled);
  let content;
  if (jobs.isPending) content = <Loading label="Loading the erasures" />;
  else if (jobs.data === undefined) content = <FailureAlert title="Failed to load the erasures" error={jobs.error} onRetry={() => void jobs.refetch()} />;
  else if (jobs.data.length === 0) content = <Typography sx={{ color: 'text.secondary' }}>{NO_ERASURES}</Typography>;
  else
    content = (
      <List aria-label="Erasure jobs" disablePadding sx={{ display: 'grid', gap: 1 }}>
        {jobs.data.map((job) => (
          <ListItem key={job.id} disablePadding sx={{ display: 'block' }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <ErasureSummary job={job} />
            </Paper>
          </ListItem>
        ))}
      </List>
    );
  return <Section title="Erasures">{content}</Section>;
}
