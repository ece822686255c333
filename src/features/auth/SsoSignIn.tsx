import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MicrosoftButton } from './MicrosoftButton';
import type { SsoState } from './sso';
import { SSO_NOT_CONFIGURED, SSO_UNAVAILABLE, type SsoSignInResult } from './ssoSettings';

export interface SsoSignInProps {
  sso: SsoState;
  disabled?: boolean;
  onSignedIn: (result: SsoSignInResult) => void;
  onError: (error: unknown) => void;
}

/**
 * The installation's single sign-on button (Microsoft Entra or another OpenID Connect provider),
 * or, without a usable one, a disabled Microsoft button and why it is disabled.
 */
export function SsoSignIn({ sso, disabled = false, onSignedIn, onError }: SsoSignInProps) {
  const helpId = useId();
  if (sso.status === 'ready') {
    return <sso.SignInButton client={sso.client} scopes={sso.scopes} disabled={disabled} onSignedIn={onSignedIn} onError={onError} />;
  }
  const explanation = sso.status === 'disabled' ? SSO_NOT_CONFIGURED : sso.status === 'unavailable' ? SSO_UNAVAILABLE : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <MicrosoftButton disabled aria-describedby={explanation ? helpId : undefined} />
      {explanation && (
        <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {explanation}
        </Typography>
      )}
    </Box>
  );
}
