import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { draftNameSchema } from '@domain/survey/schemas';
import { FormTextField } from '@/ui/FormTextField';
import { CREATOR_LABELS } from './labels';

export const SAVE_DRAFT_LABELS = {
  hint: 'Name the draft so you can find it in the Drafts tab. Later changes are saved to it automatically.',
  submit: 'Save Draft',
} as const;

const saveDraftSchema = yup.object({ name: draftNameSchema() });

export interface SaveDraftDialogProps {
  open: boolean;
  /** The name the field starts with (the survey's title). */
  defaultName: string;
  busy?: boolean;
  onCancel: () => void;
  onSave: (name: string) => void;
}

/** 'Save as Draft': asks the new draft's name ('Please enter a draft name'). */
export function SaveDraftDialog({ open, ...props }: SaveDraftDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={props.busy ? undefined : props.onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      {/* Mounted while open: every opening starts from the survey's current title. */}
      {open && <SaveDraftForm titleId={titleId} {...props} />}
    </Dialog>
  );
}

function SaveDraftForm({ titleId, defaultName, busy = false, onCancel, onSave }: Omit<SaveDraftDialogProps, 'open'> & { titleId: string }) {
  const { control, handleSubmit } = useForm({ resolver: yupResolver(saveDraftSchema), defaultValues: { name: defaultName } });
  return (
    <form noValidate onSubmit={handleSubmit(({ name }) => onSave(name))}>
      <DialogTitle id={titleId}>{CREATOR_LABELS.saveAsDraft}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{SAVE_DRAFT_LABELS.hint}</DialogContentText>
        <FormTextField control={control} name="name" label={CREATOR_LABELS.draftName} fullWidth autoFocus required disabled={busy} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {CREATOR_LABELS.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? CREATOR_LABELS.saving : SAVE_DRAFT_LABELS.submit}
        </Button>
      </DialogActions>
    </form>
  );
}
