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
import Stack from '@mui/material/Stack';
import { THEME_MESSAGES } from '@domain/survey/messages';
import { SURVEY_LIMITS } from '@domain/survey/limits';
import { requiredTrimmed } from '@domain/text';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';

export const SAVE_THEME_TITLE = 'Save Theme';
export const SAVE_THEME_FAILED = 'Failed to save theme';

const themeNameSchema = yup.object({ name: requiredTrimmed(THEME_MESSAGES.nameRequired, SURVEY_LIMITS.name) });

export interface SaveThemeDialogProps {
  open: boolean;
  /** While the theme is being saved: the buttons wait. */
  saving: boolean;
  /** The last save failed: shown in the dialog, so the name can be sent again. */
  error?: unknown;
  onSave: (name: string) => void;
  onClose: () => void;
}

/** Names the current colours, typography and logo as a theme of the company. */
export function SaveThemeDialog({ open, saving, error, onSave, onClose }: SaveThemeDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      {/* The content unmounts once closed: every save starts with an empty name. */}
      <SaveThemeForm titleId={titleId} saving={saving} error={error} onSave={onSave} onClose={onClose} />
    </Dialog>
  );
}

function SaveThemeForm({ titleId, saving, error, onSave, onClose }: Omit<SaveThemeDialogProps, 'open'> & { titleId: string }) {
  const { control, handleSubmit } = useForm({ resolver: yupResolver(themeNameSchema), defaultValues: { name: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(({ name }) => onSave(name))} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{SAVE_THEME_TITLE}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>The colours, typography and logo are saved for every survey of the company.</DialogContentText>
          {Boolean(error) && <FailureAlert title={SAVE_THEME_FAILED} error={error} />}
          <FormTextField control={control} name="name" label="Theme name" required fullWidth autoFocus />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving...' : SAVE_THEME_TITLE}
        </Button>
      </DialogActions>
    </form>
  );
}
