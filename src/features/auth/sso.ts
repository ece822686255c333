/** The installation's single sign-on, as the screens see it. SsoProvider (SsoProvider.tsx) fills it. */
import { createContext, useContext, type ComponentType } from 'react';
import type { IPublicClientApplication } from '@azure/msal-browser';
import type { SsoSignInButtonProps } from './msalClient';

export type SsoState =
  | { status: 'loading' }
  /** The installation has no single sign-on. */
  | { status: 'disabled' }
  /** It has, but its settings or MSAL could not be loaded. */
  | { status: 'unavailable' }
  | {
      status: 'ready';
      client: IPublicClientApplication;
      scopes: string[];
      SignInButton: ComponentType<SsoSignInButtonProps>;
    };

export const SsoContext = createContext<SsoState>({ status: 'disabled' });

export function useSso(): SsoState {
  return useContext(SsoContext);
}
