import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { resetPasswordSchema } from '@domain/auth/schemas';
import type { ManagedUser } from '@domain/auth/types';
import { useNotify } from '@/lib/notifications';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { useResetPassword } from '../api';

export interface ResetPasswordDialogProps {
  /** The user whose password is reset, kept while the dialog closes; null before the first opening. */
  user: Pick<ManagedUser, 'id' | 'name' | 'email'> | null;
  open: boolean;
  onClose: () => void;
}

export function ResetPasswordDialog({ user, open, onClose }: ResetPasswordDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      {/* The dialog unmounts its content once closed: every opening starts with an empty form. */}
      {user && <ResetPasswordForm titleId={titleId} user={user} onClose={onClose} />}
    </Dialog>
  );
}

interface ResetPasswordFormProps {
  titleId: string;
  user: NonNullable<ResetPasswordDialogProps['user']>;
  onClose: () => void;
}

function ResetPasswordForm({ titleId, user, onClose }: ResetPasswordFormProps) {
  const notify = useNotify();
  const reset = useResetPassword();
  const {
    control,
    handleSubmit,
    formState: { isValid },
  } = useForm({ resolver: yupResolver(resetPasswordSchema), mode: 'onChange', defaultValues: { newPassword: '' } });

  const submit = handleSubmit(({ newPassword }) =>
    reset.mutate(
      { id: user.id, newPassword },
      {
        onSuccess: () => {
          notify.success(`Password reset for ${user.name}`);
          onClose();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Reset Password</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Set a new password for {user.name} ({user.email}). Tell them the new password yourself.
          </DialogContentText>
          {/* Lets password managers file the new password under the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={user.email} readOnly />
          <FormTextField
            control={control}
            name="newPassword"
            label="New Password"
            type="password"
            autoComplete="new-password"
            autoFocus
            fullWidth
            required
            helperText="At least 8 characters."
          />
          {reset.isError && <FailureAlert title="Failed to reset password" error={reset.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reset.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!isValid || reset.isPending}>
          Reset Password
        </Button>
      </DialogActions>
    </form>
  );
}
