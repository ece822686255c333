import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { originFrom } from '@/lib/origin';
import { useSession } from '@/lib/session';
import { BarePage } from '@/ui/BarePage';
import { FormInputField } from '@/ui/FormInputField';
import { ForgottenPasswordHelp } from './ForgottenPasswordHelp';
import { SsoSignIn } from './SsoSignIn';
import { useSignIn } from './useSignIn';

export { FORGOTTEN_PASSWORD_HELP } from './ForgottenPasswordHelp';

/** /login: e-mail and password, or the installation's single sign-on (Microsoft Entra or another OpenID Connect provider). */
export function LoginPage() {
  const location = useLocation();
  const { session } = useSession();
  const signIn = useSignIn();

  // Signed in (now, or already when the page opened): back to where the visitor was going.
  if (session) return <Navigate to={originFrom(location.state)} replace />;

  return (
    <BarePage brand>
      <Box
        component="form"
        noValidate
        onSubmit={signIn.submit}
        aria-labelledby="login-title"
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <Typography id="login-title" variant="h5" component="h1">
          Sign in
        </Typography>
        {signIn.error && (
          <Alert severity="error" role="alert">
            {signIn.error}
          </Alert>
        )}
        <FormInputField
          control={signIn.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          disabled={signIn.busy}
          autoFocus
        />
        <FormInputField
          control={signIn.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          disabled={signIn.busy}
        />
        <ForgottenPasswordHelp />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={signIn.busy}>
          {signIn.signingIn ? 'Signing in...' : 'Sign In'}
        </Button>

        <Divider>
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            Or continue with
          </Typography>
        </Divider>
        <SsoSignIn sso={signIn.sso} disabled={signIn.busy} onSignedIn={signIn.ssoSignedIn} onError={signIn.ssoFailed} />

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
