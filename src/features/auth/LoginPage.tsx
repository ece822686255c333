import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { loginErrorMessage } from '@domain/auth/errors';
import type { LoginInput } from '@domain/auth/schemas';
import { originFrom } from '@/lib/origin';
import { useSession } from '@/lib/session';
import { BarePage } from '@/ui/BarePage';
import { FormInputField } from '@/ui/FormInputField';
import { useLogin, useVerifyUser } from './api';
import { lazySchemaResolver } from './lazySchemaResolver';
import { MicrosoftButton } from './MicrosoftButton';
import { useSso } from './sso';
import {
  identityFromSignIn,
  isSsoCancellation,
  SSO_FAILED,
  SSO_NOT_CONFIGURED,
  SSO_UNAVAILABLE,
  type SsoSignInResult,
} from './ssoSettings';

const loginValidation = lazySchemaResolver<LoginInput>(async () => (await import('@domain/auth/schemas')).loginSchema);

export const FORGOTTEN_PASSWORD_HELP =
  'Passwords are reset by your administrator. Please contact them to get a new password.';

/** /login: e-mail and password, or the installation's single sign-on (Microsoft Entra or another OpenID Connect provider). */
export function LoginPage() {
  const location = useLocation();
  const { session, signIn } = useSession();
  const login = useLogin();
  const verify = useVerifyUser();
  const sso = useSso();
  const [error, setError] = useState<string | null>(null);
  const [showPasswordHelp, setShowPasswordHelp] = useState(false);
  const passwordHelpId = useId();
  const ssoHelpId = useId();
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });
  // Validation code downloads while the visitor types, not before the form shows.
  useEffect(() => loginValidation.preload(), []);

  // Signed in (now, or already when the page opened): back to where the visitor was going.
  if (session) return <Navigate to={originFrom(location.state)} replace />;

  const busy = login.isPending || verify.isPending;

  const submit = handleSubmit((values) => {
    setError(null);
    login.mutate(values, { onSuccess: signIn, onError: (failure) => setError(loginErrorMessage(failure)) });
  });

  const onSsoSignedIn = (result: SsoSignInResult) => {
    setError(null);
    verify.mutate(identityFromSignIn(result), {
      onSuccess: signIn,
      onError: (failure) => {
        // The identity is not a Navout user's (or could not be verified): forget it here too.
        if (sso.status === 'ready') void sso.client.clearCache().catch(() => undefined);
        setError(loginErrorMessage(failure));
      },
    });
  };

  const onSsoError = (failure: unknown) => {
    if (!isSsoCancellation(failure)) setError(SSO_FAILED);
  };

  const ssoExplanation =
    sso.status === 'disabled' ? SSO_NOT_CONFIGURED : sso.status === 'unavailable' ? SSO_UNAVAILABLE : null;

  return (
    <BarePage brand>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby="login-title"
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <Typography id="login-title" variant="h5" component="h1">
          Sign in
        </Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <FormInputField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          disabled={busy}
          autoFocus
        />
        <FormInputField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          disabled={busy}
        />
        <div>
          <Link
            component="button"
            type="button"
            variant="body2"
            underline="hover"
            aria-expanded={showPasswordHelp}
            aria-controls={passwordHelpId}
            onClick={() => setShowPasswordHelp((shown) => !shown)}
            sx={{ color: 'text.secondary' }}
          >
            Forgotten your password?
          </Link>
          <Typography id={passwordHelpId} hidden={!showPasswordHelp} variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {FORGOTTEN_PASSWORD_HELP}
          </Typography>
        </div>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>

        <Divider>
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            Or continue with
          </Typography>
        </Divider>
        {sso.status === 'ready' ? (
          <sso.SignInButton
            client={sso.client}
            scopes={sso.scopes}
            disabled={busy}
            onSignedIn={onSsoSignedIn}
            onError={onSsoError}
          />
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <MicrosoftButton disabled aria-describedby={ssoExplanation ? ssoHelpId : undefined} />
            {ssoExplanation && (
              <Typography id={ssoHelpId} variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
                {ssoExplanation}
              </Typography>
            )}
          </Box>
        )}

        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/register">
            Register now
          </Link>
        </Typography>
      </Box>
    </BarePage>
  );
}
