import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  WRITEBACK_DATA,
  WRITEBACK_DATA_LABELS,
  WRITEBACK_DESTINATION_KINDS,
  WRITEBACK_DESTINATION_LABELS,
  type WritebackData,
  type WritebackDestination,
  type WritebackDestinationKind,
  type WritebackJob,
  type WritebackRequest,
} from '@domain/audience/contract';
import { ApiError } from '@/lib/apiClient';
import { withReason } from '@/lib/failure';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog } from '@/ui/ModalDialog';
import {
  DESTINATION_LABELS,
  WRITEBACK_DELIVERY_STATUS_COLORS,
  WRITEBACK_DELIVERY_STATUS_LABELS,
  WRITEBACK_JOB_LABELS,
  WRITEBACK_JOB_STATUS_COLORS,
  WRITEBACK_JOB_STATUS_LABELS,
  WRITEBACK_LABELS,
} from '../labels';
import { useStartWriteback, useWritebackDestinations, useWritebackJob } from './api';
import { DestinationsDialog } from './DestinationsDialog';

/** What the dialog starts with: a profile's writeback buttons pre-set it. */
export interface WritebackPreset {
  destinations: WritebackDestinationKind[];
  data: WritebackData[];
}

/** Section 2: destinations unchecked, every kind of data checked. */
export const DEFAULT_WRITEBACK: WritebackPreset = { destinations: [], data: [...WRITEBACK_DATA] };

/** Which profiles are written back: the page's audience (filters, search, category) or given profiles. */
export type WritebackSelection = Pick<WritebackRequest, 'profileIds'> | Pick<WritebackRequest, 'query'>;

export interface WritebackDialogProps {
  open: boolean;
  onClose: () => void;
  /** The company in view (a global admin's choice). */
  companyId: string;
  /** Who would be written back: the audience under the filters, or one profile. */
  subject: string;
  selection: WritebackSelection;
  preset?: WritebackPreset;
}

function toggle<Value>(values: Value[], value: Value, on: boolean): Value[] {
  return on ? [...values, value] : values.filter((entry) => entry !== value);
}

const enabledOf = (destinations: WritebackDestination[] | undefined, kind: WritebackDestinationKind) =>
  (destinations ?? []).filter((destination) => destination.enabled && destination.kind === kind);

/**
 * The Write Back modal: the company's destinations per kind (a kind without an enabled one offers
 * to configure it), the data to sync, and, once queued, the job as the server reports it. Nothing
 * is called sent before the server says it was delivered.
 */
export function WritebackDialog(props: WritebackDialogProps) {
  // Each opening starts from its preset, with a fresh read of the destinations.
  return props.open ? <OpenWritebackDialog {...props} /> : null;
}

function OpenWritebackDialog({ onClose, companyId, subject, selection, preset = DEFAULT_WRITEBACK }: WritebackDialogProps) {
  const destinations = useWritebackDestinations(companyId);
  const start = useStartWriteback(companyId);
  const [kinds, setKinds] = useState(preset.destinations);
  const [data, setData] = useState(preset.data);
  const [configuring, setConfiguring] = useState<WritebackDestinationKind | null>(null);
  const [started, setStarted] = useState<WritebackJob | null>(null);

  const configured = (kind: WritebackDestinationKind) => enabledOf(destinations.data, kind).length > 0;
  const sendable = kinds.filter(configured);
  const canExecute = sendable.length > 0 && data.length > 0 && started === null;

  const execute = () =>
    start.mutate(
      { ...selection, destinations: sendable, data },
      {
        onSuccess: setStarted,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'destination_not_configured') {
            setConfiguring(sendable[0] ?? 'crm');
            void destinations.refetch();
          }
        },
      },
    );

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={WRITEBACK_LABELS.title}
      subtitle={subject}
      maxWidth="sm"
      actions={
        started ? (
          <Button onClick={onClose}>{WRITEBACK_LABELS.close}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{WRITEBACK_LABELS.cancel}</Button>
            <Button variant="contained" disabled={!canExecute} loading={start.isPending} onClick={execute}>
              {WRITEBACK_LABELS.execute}
            </Button>
          </>
        )
      }
    >
      {started ? (
        <QueuedJob companyId={companyId} started={started} />
      ) : (
        <Stack spacing={2.5}>
          {start.isError && <Alert severity="error">{withReason(WRITEBACK_LABELS.startFailed, start.error)}</Alert>}
          <FormControl component="fieldset">
            <FormLabel component="legend">{WRITEBACK_LABELS.destinations}</FormLabel>
            {destinations.isPending ? (
              <Box sx={{ py: 1 }}>
                <CircularProgress size={24} aria-label={WRITEBACK_LABELS.loadingDestinations} />
              </Box>
            ) : destinations.isError ? (
              <FailureAlert title={DESTINATION_LABELS.loadFailed} error={destinations.error} onRetry={() => void destinations.refetch()} />
            ) : (
              <Stack spacing={0.5} sx={{ mt: 0.5 }}>
                {WRITEBACK_DESTINATION_KINDS.map((kind) => {
                  const enabled = enabledOf(destinations.data, kind);
                  return (
                    <Stack key={kind} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <FormControlLabel
                        sx={{ minWidth: 180 }}
                        label={WRITEBACK_DESTINATION_LABELS[kind]}
                        control={<Checkbox checked={kinds.includes(kind)} onChange={(event) => setKinds(toggle(kinds, kind, event.target.checked))} />}
                      />
                      {enabled.length ? (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {enabled.map((destination) => destination.name).join(', ')}
                        </Typography>
                      ) : (
                        <>
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            {WRITEBACK_LABELS.notConfigured}
                          </Typography>
                          <Button size="small" aria-label={WRITEBACK_LABELS.configure(WRITEBACK_DESTINATION_LABELS[kind])} onClick={() => setConfiguring(kind)}>
                            {WRITEBACK_LABELS.configureAction}
                          </Button>
                        </>
                      )}
                    </Stack>
                  );
                })}
              </Stack>
            )}
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend">{WRITEBACK_LABELS.dataToSync}</FormLabel>
            <FormGroup row>
              {WRITEBACK_DATA.map((kind) => (
                <FormControlLabel
                  key={kind}
                  label={WRITEBACK_DATA_LABELS[kind]}
                  control={<Checkbox checked={data.includes(kind)} onChange={(event) => setData(toggle(data, kind, event.target.checked))} />}
                />
              ))}
            </FormGroup>
          </FormControl>
        </Stack>
      )}
      <DestinationsDialog open={configuring !== null} onClose={() => setConfiguring(null)} companyId={companyId} initialKind={configuring ?? undefined} />
    </ModalDialog>
  );
}

/** The queued job, read again while it is still queued or sending. */
function QueuedJob({ companyId, started }: { companyId: string; started: WritebackJob }) {
  const polled = useWritebackJob(companyId, started.id);
  const job = polled.data ?? started;
  return (
    <Stack spacing={2}>
      <Alert severity="info">{WRITEBACK_LABELS.queued(job.profileCount)}</Alert>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 500 }}>{WRITEBACK_LABELS.jobStatus}</Typography>
        <Chip size="small" color={WRITEBACK_JOB_STATUS_COLORS[job.status]} label={WRITEBACK_JOB_STATUS_LABELS[job.status]} />
      </Stack>
      <Stack spacing={1.5}>
        {job.deliveries.map((delivery) => {
          const total = delivery.batches ?? 1;
          const done = delivery.batchesDelivered ?? (delivery.status === 'delivered' ? total : 0);
          return (
            <Box key={delivery.destinationId} component="section" aria-label={WRITEBACK_LABELS.deliveryProgress(delivery.destinationName)}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {delivery.destinationName}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {WRITEBACK_DESTINATION_LABELS[delivery.kind]}
                </Typography>
                <Chip size="small" variant="outlined" color={WRITEBACK_DELIVERY_STATUS_COLORS[delivery.status]} label={WRITEBACK_DELIVERY_STATUS_LABELS[delivery.status]} />
              </Stack>
              <LinearProgress
                variant="determinate"
                value={(done / total) * 100}
                aria-label={WRITEBACK_LABELS.deliveryProgress(delivery.destinationName)}
                sx={{ my: 0.75 }}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {[WRITEBACK_JOB_LABELS.batches(done, total), WRITEBACK_JOB_LABELS.attempts(delivery.attempts)].join(' · ')}
              </Typography>
              {delivery.lastError && (
                <Typography variant="body2" sx={{ color: 'error.main', wordBreak: 'break-word' }}>
                  {delivery.lastError}
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
