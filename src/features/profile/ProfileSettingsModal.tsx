/** Profile Settings (specification, section 2): every user's own profile and photo. */
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '@domain/auth/roles';
import { userProfileSchema, type UserProfileInput } from '@domain/auth/schemas';
import type { SessionUser } from '@domain/auth/types';
import { useRemoveProfilePhoto, useUpdateProfile, useUploadProfilePhoto } from '@/lib/accounts';
import { PROFILE_IMAGE_LIMIT } from '@/lib/imageValidation';
import { useSession } from '@/lib/session';
import { useCloseAfterSuccess } from '@/lib/useCloseAfterSuccess';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { ImageUpload } from '@/ui/ImageUpload';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';

const FORM_ID = 'profile-settings-form';

export default function ProfileSettingsModal({ open, onClose }: ModalProps) {
  const { session } = useSession();
  return (
    <ModalDialog open={open} onClose={onClose} title="Profile Settings" maxWidth="sm">
      {session && <ProfileSettingsForm user={session.user} onClose={onClose} />}
    </ModalDialog>
  );
}

function ProfileSettingsForm({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { updateUser } = useSession();
  const updateProfile = useUpdateProfile();
  const uploadPhoto = useUploadProfilePhoto();
  const removePhoto = useRemoveProfilePhoto();
  const [saved, markSaved] = useCloseAfterSuccess(onClose);
  const { control, handleSubmit } = useForm<UserProfileInput>({
    resolver: yupResolver(userProfileSchema),
    defaultValues: {
      // A profile name defaults to the name the admin gave, so the field starts useful.
      profileName: user.profileName ?? user.name,
      phone: user.phone ?? '',
      department: user.department ?? '',
      jobTitle: user.jobTitle ?? '',
      bio: user.bio ?? '',
    },
  });

  const submit = handleSubmit((values) =>
    updateProfile.mutate(values, {
      onSuccess: (answer) => {
        updateUser(answer ?? values);
        markSaved();
      },
    }),
  );

  const keepPhotoInSession = (answer: SessionUser) => updateUser({ photoUrl: answer.photoUrl });
  const field = (name: keyof UserProfileInput) => ({ control, name, fullWidth: true, disabled: saved });

  return (
    <Stack spacing={3}>
      <ImageUpload
        label="Profile photo"
        imageUrl={user.photoUrl}
        placeholder={user.profileName || user.name}
        shape="circular"
        limit={PROFILE_IMAGE_LIMIT}
        onUpload={(file) => uploadPhoto.mutateAsync(file).then(keepPhotoInSession)}
        onRemove={() => removePhoto.mutateAsync().then(keepPhotoInSession)}
        uploadFailedMessage="Failed to upload photo. Please try again."
        removeFailedMessage="Failed to remove photo. Please try again."
      />
      <Divider />
      <Stack spacing={1.5} component="section" aria-label="Account">
        <Typography variant="subtitle1" component="h3">
          Account
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <ReadOnlyField label="Name" value={user.name} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <ReadOnlyField label="Email" value={user.email} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <ReadOnlyField label="Role" value={ROLE_LABELS[user.role]} />
          </Grid>
        </Grid>
      </Stack>
      <form id={FORM_ID} noValidate onSubmit={submit} aria-label="Profile">
        <Grid container spacing={2}>
          <Grid size={12}>
            <FormTextField {...field('profileName')} label="Profile Name" required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField {...field('department')} label="Department" />
          </Grid>
          <Grid size={12}>
            <FormTextField {...field('jobTitle')} label="Job Title" autoComplete="organization-title" />
          </Grid>
          <Grid size={12}>
            <FormTextField {...field('bio')} label="Bio" multiline minRows={3} />
          </Grid>
        </Grid>
      </form>
      {updateProfile.isError && <FailureAlert title="Failed to update user profile" error={updateProfile.error} />}
      {saved && <Alert severity="success">Profile updated successfully!</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={FORM_ID} variant="contained" disabled={updateProfile.isPending || saved}>
          {updateProfile.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Name, e-mail and role belong to the administrator: shown, never edited here. */
function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      helperText="Set by Admin"
      slotProps={{ htmlInput: { readOnly: true } }}
    />
  );
}
