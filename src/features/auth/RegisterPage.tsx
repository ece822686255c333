import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { registerErrorMessage } from '@domain/auth/errors';
import type { RegisterFormInput } from '@domain/auth/schemas';
import { useSession } from '@/lib/session';
import { BarePage } from '@/ui/BarePage';
import { FormInputField } from '@/ui/FormInputField';
import { useRegister } from './api';
import { lazySchemaResolver } from './lazySchemaResolver';

const registerValidation = lazySchemaResolver<RegisterFormInput>(async () => (await import('@domain/auth/schemas')).registerFormSchema);

/** /register: a company owner creates their account and their company, then describes it. */
export function RegisterPage() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<RegisterFormInput>({
    resolver: registerValidation.resolver,
    defaultValues: { name: '', email: '', companyName: '', password: '', confirmPassword: '' },
  });
  // Validation code downloads while the visitor types, not before the form shows.
  useEffect(() => registerValidation.preload(), []);

  const submit = handleSubmit(({ name, email, companyName, password }) => {
    setError(null);
    register.mutate(
      { name: name.trim(), email: email.trim(), companyName: companyName.trim(), password },
      {
        onSuccess: (answer) => {
          signIn(answer);
          navigate('/company-profile', { replace: true });
        },
        onError: (failure) => setError(registerErrorMessage(failure)),
      },
    );
  });

  const busy = register.isPending;
  return (
    <BarePage brand>
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby="register-title">
        <Typography id="register-title" variant="h5" component="h1">
          Create Account
        </Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <FormInputField control={control} name="name" label="Full Name" autoComplete="name" required fullWidth disabled={busy} autoFocus />
        <FormInputField control={control} name="email" label="Email" type="email" autoComplete="email" required fullWidth disabled={busy} />
        <FormInputField
          control={control}
          name="companyName"
          label="Company Name"
          autoComplete="organization"
          required
          fullWidth
          disabled={busy}
        />
        <FormInputField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          disabled={busy}
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
          {busy ? 'Creating Account...' : 'Create Account'}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
      </Stack>
    </BarePage>
  );
}
