/**
 * Privacy, for company administrators (their company) and global admins (the company chosen in
 * "View Data For"): erase a person by one identifier (after a confirmation that says it cannot be
 * undone and that later intake is suppressed), follow the erasure jobs store by store, review and
 * remove suppressions, and download everything stored about a person as JSON.
 */
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import {
  ERASURE_IDENTIFIER_LABELS,
  ERASURE_IDENTIFIER_TYPES,
  ERASURE_STEP_LABELS,
  erasureRequestSchema,
  maskIdentifier,
  type ErasureRequest,
  type ErasureStatus,
  type ErasureView,
  type SuppressionView,
} from '@domain/privacy/contract';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useCompanyFilter } from '@/lib/session';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { optionsOf } from '@/ui/SelectField';
import { downloadPersonExport, useErase, useErasure, useErasures, useRemoveSuppression, useSuppressions } from './api';

export const PRIVACY_TITLE = 'Privacy';
export const CHOOSE_COMPANY_FOR_PRIVACY = 'Choose a company in "View Data For" to erase, suppress or export its people.';
export const NO_ERASURES = 'No one has been erased yet.';
export const NO_SUPPRESSIONS = 'No identifiers are suppressed.';
export const ERASURE_WARNING =
  'This cannot be undone. Everything stored about the person is deleted: the records of every data source, survey responses, displays, audience profiles, Write Back entries and prediction API calls. Their identifiers are suppressed: later intake (files, syncs, events, the survey widget) drops them.';

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => <time dateTime={iso}>{whenFormat.format(new Date(iso))}</time>;

export const ERASURE_STATUS_LABELS: Record<ErasureStatus, string> = { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' };
const STATUS_COLORS: Record<ErasureStatus, ChipProps['color']> = { queued: 'default', running: 'info', done: 'success', failed: 'error' };

type Identifier = ErasureRequest['identifier'];

export default function PrivacyModal({ open, onClose }: ModalProps) {
  const { filterParam: companyId } = useCompanyFilter();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={PRIVACY_TITLE}
      subtitle="Erase a person, follow the erasures, review suppressed identifiers and export what is stored about someone."
      maxWidth="md"
    >
      {companyId === undefined ? (
        <Alert severity="info">{CHOOSE_COMPANY_FOR_PRIVACY}</Alert>
      ) : (
        <Stack spacing={3}>
          <ErasePerson companyId={companyId} />
          <ErasureJobs companyId={companyId} enabled={open} />
          <Suppressions companyId={companyId} enabled={open} />
        </Stack>
      )}
    </ModalDialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ErasePerson({ companyId }: { companyId: string }) {
  const notify = useNotify();
  const { control, handleSubmit, reset } = useForm<ErasureRequest>({
    resolver: yupResolver(erasureRequestSchema),
    defaultValues: { identifier: { type: 'email', value: '' } },
  });
  const [confirming, setConfirming] = useState<Identifier | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const erase = useErase(companyId);

  const askToErase = handleSubmit((input) => {
    erase.reset();
    setConfirming(input.identifier);
  });
  const confirmErase = () => {
    if (!confirming) return;
    erase.mutate(confirming, {
      onSuccess: (job) => {
        setConfirming(null);
        setJobId(job.id);
        reset();
        notify.success('The erasure has started.');
      },
    });
  };
  const exportPerson = handleSubmit(async ({ identifier }) => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadPersonExport(companyId, identifier.type, identifier.value);
    } catch (failure) {
      setExportError(failure);
    } finally {
      setExporting(false);
    }
  });

  return (
    <Section title="Erase or export a person">
      <Stack spacing={2}>
        <Grid container spacing={1.5} component="form" noValidate aria-label="Person" onSubmit={(event) => void askToErase(event)}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="identifier.type"
              label="Identifier type"
              options={optionsOf(ERASURE_IDENTIFIER_TYPES, ERASURE_IDENTIFIER_LABELS)}
              fullWidth
              size="small"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="identifier.value" label="Identifier value" fullWidth size="small" autoComplete="off" />
          </Grid>
          <Grid size={12}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button startIcon={<DownloadIcon />} variant="outlined" onClick={() => void exportPerson()} loading={exporting}>
                Export person's data
              </Button>
              <Button type="submit" startIcon={<DeleteForeverIcon />} variant="contained" color="error">
                Erase person
              </Button>
            </Stack>
          </Grid>
        </Grid>
        {exportError !== null && <FailureAlert title="The export failed" error={exportError} onRetry={() => void exportPerson()} />}
        {jobId && <StartedErasure companyId={companyId} id={jobId} />}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title="Erase this person?"
        confirmLabel="Erase permanently"
        destructive
        busy={erase.isPending}
        error={erase.isError && <FailureAlert title="The erasure could not be started" error={erase.error} />}
        onConfirm={confirmErase}
        onCancel={() => setConfirming(null)}
      >
        {confirming && `${ERASURE_IDENTIFIER_LABELS[confirming.type]} ${maskIdentifier(confirming.value.trim())}. `}
        {ERASURE_WARNING}
      </ConfirmDialog>
    </Section>
  );
}

/** The job just started, followed until it is done. */
function StartedErasure({ companyId, id }: { companyId: string; id: string }) {
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

function ErasureSummary({ job }: { job: ErasureView }) {
  const percent = Math.round(job.progress * 100);
  const label = `${ERASURE_IDENTIFIER_LABELS[job.identifierType]} ${job.identifierHint}`;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere', flexGrow: 1 }}>{label}</Typography>
        <Chip size="small" label={ERASURE_STATUS_LABELS[job.status]} color={STATUS_COLORS[job.status]} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Started {when(job.createdAt)}
        {job.finishedAt && <> · finished {when(job.finishedAt)}</>}
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

function ErasureJobs({ companyId, enabled }: { companyId: string; enabled: boolean }) {
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

function Suppressions({ companyId, enabled }: { companyId: string; enabled: boolean }) {
  const notify = useNotify();
  const suppressions = useSuppressions(companyId, enabled);
  const remove = useRemoveSuppression(companyId);
  const [removing, setRemoving] = useState<SuppressionView | null>(null);
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        notify.success(`${removing.hint} is no longer suppressed`);
        setRemoving(null);
      },
      onError: (error) => notify.error(withReason('Failed to remove the suppression', error)),
    });
  };

  let content;
  if (suppressions.isPending) content = <Loading label="Loading the suppressions" />;
  else if (suppressions.data === undefined)
    content = <FailureAlert title="Failed to load the suppressions" error={suppressions.error} onRetry={() => void suppressions.refetch()} />;
  else if (suppressions.data.length === 0) content = <Typography sx={{ color: 'text.secondary' }}>{NO_SUPPRESSIONS}</Typography>;
  else
    content = (
      <List aria-label="Suppressed identifiers" disablePadding sx={{ display: 'grid', gap: 1 }}>
        {suppressions.data.map((suppression) => (
          <ListItem key={suppression.id} disablePadding sx={{ display: 'block' }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{suppression.hint}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    Suppressed {when(suppression.createdAt)} · {dropText(suppression)}
                    {suppression.lastDroppedAt && <> · last {when(suppression.lastDroppedAt)}</>}
                  </Typography>
                  {suppression.droppedBySource.length > 0 && (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {suppression.droppedBySource.map(({ source, dropped }) => `${source}: ${dropped}`).join(' · ')}
                    </Typography>
                  )}
                </Box>
                <Button
                  color="error"
                  size="small"
                  onClick={() => setRemoving(suppression)}
                  aria-label={`Remove the suppression of ${suppression.hint}`}
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                >
                  Remove
                </Button>
              </Stack>
            </Paper>
          </ListItem>
        ))}
      </List>
    );

  return (
    <Section title="Suppressions">
      {content}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this suppression?"
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing && `Intake accepts ${removing.hint} again: files, syncs, events and the survey widget will store this person's data.`}
      </ConfirmDialog>
    </Section>
  );
}

const dropText = ({ dropped }: SuppressionView) => (dropped === 1 ? '1 intake dropped' : `${dropped} intakes dropped`);

function Loading({ label }: { label: string }) {
  return (
    <Stack sx={{ alignItems: 'center', py: 3 }}>
      <CircularProgress aria-label={label} />
    </Stack>
  );
}
