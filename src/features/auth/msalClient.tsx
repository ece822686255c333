/**
 * Everything that needs MSAL's code. SsoProvider imports this module dynamically, so
 * installations without single sign-on never download MSAL.
 */
import {
  BrowserCacheLocation,
  createStandardPublicClientApplication,
  InteractionStatus,
  type IPublicClientApplication,
} from '@azure/msal-browser';
import { MsalProvider, useMsal } from '@azure/msal-react';
import type { SsoConfig } from '@domain/auth/types';
import { MicrosoftButton } from './MicrosoftButton';
import type { SsoSignInButtonProps } from './sso';
import { ssoRedirectUri } from './ssoSettings';

export async function createMsalClient(config: SsoConfig): Promise<IPublicClientApplication> {
  if (!config.clientId) throw new Error('Single sign-on has no client id');
  // Resolves once MSAL is initialized, as MsalProvider and the silent restore require.
  return createStandardPublicClientApplication({
    auth: {
      clientId: config.clientId,
      authority: config.authority ?? undefined,
      redirectUri: ssoRedirectUri(),
    },
    // The identity sign-in cache lives in session storage (platform specification, section 4).
    cache: { cacheLocation: BrowserCacheLocation.SessionStorage },
  });
}

/** The Microsoft popup sign-in, under its own MsalProvider: the only place that uses MSAL's React bindings. */
export function SsoSignInButton({ client, ...props }: SsoSignInButtonProps) {
  return (
    <MsalProvider instance={client as IPublicClientApplication}>
      <PopupSignInButton {...props} />
    </MsalProvider>
  );
}

function PopupSignInButton({ scopes, disabled, onSignedIn, onError }: Omit<SsoSignInButtonProps, 'client'>) {
  const { instance, inProgress } = useMsal();
  const busy = inProgress !== InteractionStatus.None;

  const signIn = async () => {
    try {
      const result = await instance.loginPopup({ scopes, prompt: 'select_account' });
      instance.setActiveAccount(result.account);
      onSignedIn(result);
    } catch (error) {
      onError(error);
    }
  };

  return <MicrosoftButton disabled={disabled || busy} onClick={() => void signIn()} />;
}
