/**
 * Single sign-on through any OpenID Connect provider (Okta, Google Workspace, Keycloak, Auth0):
 * oidc-client-ts reads the provider's discovery document from its issuer, and signs in with the
 * authorization code flow and PKCE in a popup. SsoProvider imports this module dynamically, so
 * installations without it never download oidc-client-ts. The ID token then goes to the BFF,
 * which verifies it again and decides which account, if any, it signs in.
 */
import { useState } from 'react';
import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import Button from '@mui/material/Button';
import LoginIcon from '@mui/icons-material/Login';
import type { SsoConfig } from '@domain/auth/types';
import type { SsoClient, SsoSignInButtonProps } from './sso';
import { ssoRedirectUri } from './ssoSettings';

export function createOidcManager(config: Pick<SsoConfig, 'authority' | 'clientId' | 'scopes'>): UserManager {
  if (!config.clientId || !config.authority) throw new Error('Single sign-on has no issuer or client id');
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: ssoRedirectUri(),
    response_type: 'code',
    scope: config.scopes.join(' '),
    // The BFF's session is what signs in: the provider's tokens are not kept after the sign-in.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
  });
}

/** The popup's return to /auth/redirect: hands the answer to the window that opened it. */
export async function completeOidcPopup(config: SsoConfig): Promise<void> {
  await createOidcManager(config).signinPopupCallback();
}

/** Keeps no accounts between page loads, so there is nothing to restore silently or to forget. */
function oidcClient(): SsoClient {
  return {
    getActiveAccount: () => null,
    getAllAccounts: () => [],
    acquireTokenSilent: () => Promise.reject(new Error('An OpenID Connect sign-in is not restored silently')),
    clearCache: () => Promise.resolve(),
  };
}

export function createOidcSso(config: SsoConfig) {
  const manager = createOidcManager(config);
  const name = config.displayName || 'your identity provider';

  function OidcSignInButton({ disabled, onSignedIn, onError }: SsoSignInButtonProps) {
    const [busy, setBusy] = useState(false);
    const signIn = async () => {
      setBusy(true);
      try {
        const nonce = crypto.randomUUID();
        const user = await manager.signinPopup({ nonce });
        await manager.removeUser();
        if (!user.id_token) throw new Error('The provider answered without an ID token');
        onSignedIn({ idToken: user.id_token, nonce, account: null });
      } catch (error) {
        onError(error);
      } finally {
        setBusy(false);
      }
    };
    return (
      <Button variant="outlined" fullWidth size="large" startIcon={<LoginIcon />} disabled={disabled || busy} onClick={() => void signIn()}>
        {`Sign in with ${name}`}
      </Button>
    );
  }

  return { client: oidcClient(), SignInButton: OidcSignInButton };
}
