/** The installation's single sign-on, as the screens see it. SsoProvider (SsoProvider.tsx) fills it. */
import { createContext, useContext, type ComponentType } from 'react';
import type { IPublicClientApplication } from '@azure/msal-browser';
import type { SsoSignInResult } from './ssoSettings';

/**
 * What the screens use of a sign-in client: MSAL's for Microsoft Entra, or an OpenID Connect
 * client (oidcClient.tsx) that keeps no accounts of its own between page loads.
 */
export type SsoClient = Pick<IPublicClientApplication, 'getActiveAccount' | 'getAllAccounts' | 'acquireTokenSilent' | 'clearCache'>;

export interface SsoSignInButtonProps {
  client: SsoClient;
  scopes: string[];
  disabled?: boolean;
  onSignedIn: (result: SsoSignInResult) => void;
  onError: (error: unknown) => void;
}

export type SsoState =
  | { status: 'loading' }
  /** The installation has no single sign-on. */
  | { status: 'disabled' }
  /** It has, but its settings or its sign-in client could not be loaded. */
  | { status: 'unavailable' }
  | {
      status: 'ready';
      client: SsoClient;
      scopes: string[];
      SignInButton: ComponentType<SsoSignInButtonProps>;
    };

export const SsoContext = createContext<SsoState>({ status: 'disabled' });

export function useSso(): SsoState {
  return useContext(SsoContext);
}
