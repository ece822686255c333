import { useId, useRef, useState, type FormEvent } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ValidationError } from 'yup';
import { ApiError } from '@/lib/apiClient';
import {
  WRITEBACK_DESTINATION_KINDS,
  WRITEBACK_DESTINATION_LABELS,
  type CreatedWritebackDestination,
  type WritebackDestination,
  type WritebackDestinationKind,
} from '@domain/audience/contract';
import { writebackDestinationSchemaFor } from '@domain/audience/writeback';
import { failureReason, withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog } from '@/ui/ModalDialog';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { useCreateDestination, useDeleteDestination, useUpdateDestination, useWritebackDestinations } from './api';
import { formatDateTime } from '../format';
import { DESTINATION_LABELS } from '../labels';

export interface DestinationsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The company whose destinations these are (a global admin's choice). */
  companyId: string;
  /** The kind the add form starts with, e.g. the one a writeback found missing. */
  initialKind?: WritebackDestinationKind;
}

/**
 * A company's Write Back destinations: the list (enable, disable, delete after confirming), a form
 * to add one, and the new destination's signing secret, shown once with a copy button.
 */
export function DestinationsDialog({ open, onClose, companyId, initialKind = 'crm' }: DestinationsDialogProps) {
  const [created, setCreated] = useState<CreatedWritebackDestination | null>(null);
  const close = () => {
    // The secret is let go with the dialog: it is never shown again.
    setCreated(null);
    onClose();
  };
  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={DESTINATION_LABELS.title}
      subtitle={DESTINATION_LABELS.subtitle}
      maxWidth="sm"
      actions={<Button onClick={close}>{DESTINATION_LABELS.close}</Button>}
    >
      {open && (
        <Stack spacing={3}>
          {created && <SecretPanel created={created} onDone={() => setCreated(null)} />}
          <DestinationList companyId={companyId} />
          <Divider />
          <AddDestinationForm companyId={companyId} initialKind={initialKind} onCreated={setCreated} />
        </Stack>
      )}
    </ModalDialog>
  );
}

function SecretPanel({ created, onDone }: { created: CreatedWritebackDestination; onDone: () => void }) {
  const notify = useNotify();
  const field = useRef<HTMLInputElement>(null);
  /** Without the Clipboard API (an insecure page, a refusal) the field's selection is copied instead. */
  const copy = async () => {
    let copied: boolean;
    try {
      await navigator.clipboard.writeText(created.secret);
      copied = true;
    } catch {
      field.current?.select();
      copied = document.execCommand?.('copy') ?? false;
    }
    if (copied) notify.success(DESTINATION_LABELS.copied);
    else {
      field.current?.select();
      notify.error(DESTINATION_LABELS.copyFailed);
    }
  };
  return (
    <Alert severity="warning" role="region" aria-label={DESTINATION_LABELS.secretTitle(created.name)}>
      <AlertTitle>{DESTINATION_LABELS.secretTitle(created.name)}</AlertTitle>
      <Stack spacing={1.5}>
        <Typography variant="body2">{DESTINATION_LABELS.secretNotice}</Typography>
        <TextField
          label={DESTINATION_LABELS.secretField}
          value={created.secret}
          fullWidth
          size="small"
          inputRef={field}
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {DESTINATION_LABELS.copySecret}
          </Button>
          <Button size="small" color="inherit" onClick={onDone}>
            {DESTINATION_LABELS.secretDone}
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}

function DestinationList({ companyId }: { companyId: string }) {
  const notify = useNotify();
  const destinations = useWritebackDestinations(companyId);
  const update = useUpdateDestination(companyId);
  const remove = useDeleteDestination(companyId);
  const [deleting, setDeleting] = useState<WritebackDestination | null>(null);

  if (destinations.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label="Loading destinations" />
      </Box>
    );
  }
  if (destinations.isError) return <FailureAlert title={DESTINATION_LABELS.loadFailed} error={destinations.error} onRetry={() => void destinations.refetch()} />;
  if (!destinations.data.length) return <Typography sx={{ color: 'text.secondary' }}>{DESTINATION_LABELS.empty}</Typography>;

  const setEnabled = (destination: WritebackDestination, enabled: boolean) =>
    update.mutate({ id: destination.id, change: { enabled } }, { onError: (error) => notify.error(withReason(DESTINATION_LABELS.updateFailed, error)) });

  return (
    <>
      <List disablePadding aria-label={DESTINATION_LABELS.title}>
        {destinations.data.map((destination) => (
          <ListItem
            key={destination.id}
            disableGutters
            divider
            secondaryAction={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <FormControlLabel
                  label={DESTINATION_LABELS.enabled}
                  control={
                    <Switch
                      checked={destination.enabled}
                      disabled={update.isPending && update.variables?.id === destination.id}
                      onChange={(event) => setEnabled(destination, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `${DESTINATION_LABELS.enabled}: ${destination.name}` } }}
                    />
                  }
                />
                <IconButton edge="end" aria-label={DESTINATION_LABELS.delete(destination.name)} onClick={() => setDeleting(destination)}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
            }
            sx={{ pr: 22 }}
          >
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Chip size="small" label={WRITEBACK_DESTINATION_LABELS[destination.kind]} />
                  <Typography component="span" sx={{ fontWeight: 500 }}>
                    {destination.name}
                  </Typography>
                </Stack>
              }
              secondary={
                <>
                  <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {destination.url}
                  </Box>
                  {DESTINATION_LABELS.lastDelivery(destination.lastDeliveryAt ? formatDateTime(destination.lastDeliveryAt) : null)}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={deleting !== null}
        title={DESTINATION_LABELS.deleteTitle}
        confirmLabel={DESTINATION_LABELS.deleteConfirm}
        destructive
        busy={remove.isPending}
        error={remove.isError ? withReason(DESTINATION_LABELS.deleteFailed, remove.error) : undefined}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        {deleting ? DESTINATION_LABELS.deleteQuestion(deleting.name) : ''}
      </ConfirmDialog>
    </>
  );
}

type FieldErrors = Partial<Record<'kind' | 'name' | 'url', string>>;

/**
 * The form's fields checked with the BFF's own rules. Whether plain http:// is allowed is the
 * server's setting (WEBHOOK_ALLOW_PRIVATE, for development and tests): the form lets it through
 * and the server's refusal, if any, is shown under the field.
 */
const formSchema = writebackDestinationSchemaFor({ allowHttp: true });

function fieldErrors(input: { kind: string; name: string; url: string }): FieldErrors {
  try {
    formSchema.validateSync(input, { abortEarly: false, strict: true });
    return {};
  } catch (failure) {
    if (!(failure instanceof ValidationError)) throw failure;
    const errors: FieldErrors = {};
    for (const item of failure.inner.length ? failure.inner : [failure]) {
      const path = item.path as keyof FieldErrors | undefined;
      if (path && !errors[path]) errors[path] = item.message;
    }
    return errors;
  }
}

/** The server's per-field messages of a refused destination (400 validation_failed). */
function serverFieldErrors(error: unknown): FieldErrors {
  const fields = error instanceof ApiError ? (error.body as { fields?: Record<string, unknown> } | null)?.fields : undefined;
  const errors: FieldErrors = {};
  for (const path of ['kind', 'name', 'url'] as const) if (typeof fields?.[path] === 'string') errors[path] = fields[path];
  return errors;
}

function AddDestinationForm({ companyId, initialKind, onCreated }: { companyId: string; initialKind: WritebackDestinationKind; onCreated: (created: CreatedWritebackDestination) => void }) {
  const formId = useId();
  const create = useCreateDestination(companyId);
  const [kind, setKind] = useState<WritebackDestinationKind>(initialKind);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors({ kind, name, url: url.trim() });
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(
      { kind, name: name.trim(), url: url.trim() },
      {
        onSuccess: (destination) => {
          setName('');
          setUrl('');
          onCreated(destination);
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  };

  return (
    <Box component="form" id={formId} noValidate onSubmit={submit} aria-label={DESTINATION_LABELS.add}>
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h3">
          {DESTINATION_LABELS.add}
        </Typography>
        {/* A refusal naming a field is shown under that field instead. */}
        {create.isError && !Object.keys(errors).length && (
          <Alert severity="error">
            <AlertTitle>{DESTINATION_LABELS.createFailed}</AlertTitle>
            {failureReason(create.error)}
          </Alert>
        )}
        <SelectField
          label={DESTINATION_LABELS.kind}
          value={kind}
          options={optionsOf(WRITEBACK_DESTINATION_KINDS, WRITEBACK_DESTINATION_LABELS)}
          onChange={setKind}
          error={Boolean(errors.kind)}
          helperText={errors.kind}
        />
        <TextField label={DESTINATION_LABELS.name} value={name} onChange={(event) => setName(event.target.value)} error={Boolean(errors.name)} helperText={errors.name} required />
        <TextField
          label={DESTINATION_LABELS.url}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={Boolean(errors.url)}
          helperText={errors.url ?? DESTINATION_LABELS.urlHelp}
          placeholder="https://"
          required
          slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? DESTINATION_LABELS.adding : DESTINATION_LABELS.add}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
