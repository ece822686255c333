import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { activationErrorMessage, invitationValidationErrorMessage } from '@domain/auth/errors';
import { ROLE_LABELS } from '@domain/auth/roles';
import type { ActivationFormInput } from '@domain/auth/schemas';
import type { InvitationUser } from '@domain/auth/types';
import { ACTIVATION_REDIRECT_MS } from '@domain/limits';
import { useSession } from '@/lib/session';
import { BarePage } from '@/ui/BarePage';
import { FormInputField } from '@/ui/FormInputField';
import { useActivateAccount, useInvitation } from './api';
import { lazySchemaResolver } from './lazySchemaResolver';

const activationValidation = lazySchemaResolver<ActivationFormInput>(async () => (await import('@domain/auth/schemas')).activationFormSchema);

export const NO_TOKEN_MESSAGE = 'Invalid invitation link. No token provided.';
export const VALIDATING_MESSAGE = 'Validating your invitation...';
export const ACTIVATED_MESSAGE = 'Your account is active. Taking you to the dashboard...';

/** /setup-account?token=...: an invited user checks their details and chooses a password. */
export function SetupAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invitation = useInvitation(token);

  let content;
  if (!token) content = <InvitationProblem message={NO_TOKEN_MESSAGE} />;
  else if (invitation.isPending) content = <Validating />;
  else if (invitation.isError) content = <InvitationProblem message={invitationValidationErrorMessage(invitation.error)} />;
  else content = <ActivationForm token={token} invitee={invitation.data.user} />;

  return (
    <BarePage brand maxWidth={520}>
      <Stack spacing={3}>
        <Typography variant="h5" component="h1">
          Set Up Your Account
        </Typography>
        {content}
      </Stack>
    </BarePage>
  );
}

function Validating() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{VALIDATING_MESSAGE}</Typography>
    </Box>
  );
}

function InvitationProblem({ message }: { message: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
      <Typography variant="body2">
        Already activated?{' '}
        <Link component={RouterLink} to="/login">
          Sign in
        </Link>
      </Typography>
    </Stack>
  );
}

function ActivationForm({ token, invitee }: { token: string; invitee: InvitationUser }) {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const activate = useActivateAccount();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<ActivationFormInput>({
    resolver: activationValidation.resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  // Validation code downloads while the visitor types, not before the form shows.
  useEffect(() => activationValidation.preload(), []);

  const activated = activate.isSuccess;
  useEffect(() => {
    if (!activated) return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [activated, navigate]);

  if (activated) {
    return (
      <Alert severity="success" icon={<CheckCircleIcon />} role="status">
        <strong>Account activated!</strong> {ACTIVATED_MESSAGE}
      </Alert>
    );
  }

  const submit = handleSubmit(({ password }) => {
    setError(null);
    activate.mutate({ token, password }, { onSuccess: signIn, onError: (failure) => setError(activationErrorMessage(failure)) });
  });
  const busy = activate.isPending;

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Activate your account">
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 1,
          m: 0,
          p: 2,
          borderRadius: 1,
          bgcolor: 'action.hover',
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, fontWeight: 500, overflowWrap: 'anywhere' },
        }}
      >
        <dt>Name</dt>
        <dd>{invitee.name}</dd>
        <dt>Email</dt>
        <dd>{invitee.email}</dd>
        <dt>Company</dt>
        <dd>{invitee.company}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[invitee.role] ?? invitee.role}</dd>
      </Box>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormInputField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        disabled={busy}
        autoFocus
      />
      <FormInputField
        control={control}
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        disabled={busy}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? 'Activating...' : 'Activate Account'}
      </Button>
    </Stack>
  );
}
