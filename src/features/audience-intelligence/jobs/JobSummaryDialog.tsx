import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AudienceJob, CountChange } from '@domain/audience/contract';
import { ModalDialog } from '@/ui/ModalDialog';
import { formatChange, formatCount } from '../format';
import { JOB_LABELS } from '../labels';

export interface JobSummaryDialogProps {
  /** A finished job; null closes the dialog. */
  job: AudienceJob | null;
  onClose: () => void;
}

function Changes({ title, rows }: { title: string; rows: CountChange[] }) {
  if (!rows.length) return null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{title}</TableCell>
            <TableCell align="right">{JOB_LABELS.before}</TableCell>
            <TableCell align="right">{JOB_LABELS.after}</TableCell>
            <TableCell align="right">{JOB_LABELS.change}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell component="th" scope="row">
                {row.name}
              </TableCell>
              <TableCell align="right">{formatCount(row.before)}</TableCell>
              <TableCell align="right">{formatCount(row.after)}</TableCell>
              <TableCell align="right" sx={{ color: row.after === row.before ? 'text.secondary' : 'text.primary', fontWeight: row.after === row.before ? 400 : 600 }}>
                {formatChange(row.before, row.after)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

/** What a rebuild or reclassification changed: counts before and after, per category, risk and lifecycle. */
export function JobSummaryDialog({ job, onClose }: JobSummaryDialogProps) {
  const failed = job?.status === 'failed';
  const title = job ? (failed ? JOB_LABELS.failed[job.kind] : JOB_LABELS.summaryTitle[job.kind]) : '';
  const summary = job?.summary;
  return (
    <ModalDialog open={job !== null} onClose={onClose} title={title} maxWidth="sm" actions={<Button onClick={onClose}>{JOB_LABELS.close}</Button>}>
      {failed && <Alert severity="error">{job.error ?? title}</Alert>}
      {!failed && summary && (
        <Stack spacing={2.5}>
          <Typography>{JOB_LABELS.changed(summary.profilesChanged, summary.profiles)}</Typography>
          {summary.categories.length + summary.risk.length + summary.lifecycle.length === 0 && <Typography>{JOB_LABELS.noChanges}</Typography>}
          <Changes title={JOB_LABELS.categories} rows={summary.categories} />
          <Changes title={JOB_LABELS.risk} rows={summary.risk} />
          <Changes title={JOB_LABELS.lifecycle} rows={summary.lifecycle} />
        </Stack>
      )}
    </ModalDialog>
  );
}
