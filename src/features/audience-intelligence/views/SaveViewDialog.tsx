import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SAVED_VIEW_NAME_MAX, type AudienceQuery, type AudienceView, type CategoryId } from '@domain/audience/contract';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { ModalDialog } from '@/ui/ModalDialog';
import { useSaveView } from '../api';
import { formatCount } from '../format';
import { SAVE_VIEW_LABELS } from '../labels';
import { describeQuery } from '../query';

export interface SaveViewDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string;
  /** The audience being saved: the filters and the settled search. */
  query: AudienceQuery;
  categoryId: CategoryId | null;
  /** How many users it holds now. */
  userCount: number;
  onSaved?: (view: AudienceView) => void;
}

/** Save View (section 2): a name, what it keeps, and how many users it holds; Enter saves. */
export function SaveViewDialog({ open, onClose, ...form }: SaveViewDialogProps) {
  return (
    // A fresh form on every opening: no name left from the last view.
    open ? <SaveViewForm onClose={onClose} {...form} /> : null
  );
}

function SaveViewForm({ onClose, companyId, query, categoryId, userCount, onSaved }: Omit<SaveViewDialogProps, 'open'>) {
  const formId = useId();
  const notify = useNotify();
  const [name, setName] = useState('');
  const save = useSaveView(companyId);
  const summary = describeQuery(query, categoryId);
  const blank = name.trim() === '';

  const submit = () => {
    if (blank || save.isPending) return;
    save.mutate(
      { name: name.trim(), filters: { dataSource: query.dataSource, lifecycle: query.lifecycle, risk: query.risk, recency: query.recency }, search: query.search.trim(), categoryId },
      {
        onSuccess: (view) => {
          notify.success(SAVE_VIEW_LABELS.saved(view.name));
          onSaved?.(view);
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={SAVE_VIEW_LABELS.title}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose}>{SAVE_VIEW_LABELS.cancel}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={blank} loading={save.isPending}>
            {SAVE_VIEW_LABELS.save}
          </Button>
        </>
      }
    >
      <Stack
        component="form"
        id={formId}
        noValidate
        spacing={2.5}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={SAVE_VIEW_LABELS.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX } }}
        />
        <Box>
          <Typography variant="subtitle2" component="h3">
            {SAVE_VIEW_LABELS.filters}
          </Typography>
          {summary.length ? (
            <Box component="ul" aria-label={SAVE_VIEW_LABELS.filters} sx={{ m: 0, pl: 2.5 }}>
              {summary.map((line) => (
                <Typography component="li" variant="body2" key={line}>
                  {line}
                </Typography>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {SAVE_VIEW_LABELS.noFilters}
            </Typography>
          )}
        </Box>
        <Typography variant="body2">
          {SAVE_VIEW_LABELS.users}: <strong>{formatCount(userCount)}</strong>
        </Typography>
        {save.isError && <Alert severity="error">{withReason(SAVE_VIEW_LABELS.failed, save.error)}</Alert>}
      </Stack>
    </ModalDialog>
  );
}
