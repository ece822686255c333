import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SsoConfig } from '@domain/auth/types';
import { useSsoConfig } from './api';
import { SsoContext, type SsoState } from './sso';
import { loginScopes } from './ssoSettings';

type Loaded = Extract<SsoState, { status: 'ready' }> | { status: 'unavailable' };

function isEnabled(config: SsoConfig | undefined): config is SsoConfig {
  return Boolean(config?.enabled && config.clientId);
}

/** Reads the installation's single sign-on settings and, only when enabled, loads MSAL or oidc-client-ts. */
export function SsoProvider({ children }: { children: ReactNode }) {
  const config = useSsoConfig();
  const settings = config.data;
  const [loaded, setLoaded] = useState<{ for: SsoConfig; state: Loaded } | null>(null);

  useEffect(() => {
    if (!isEnabled(settings)) return;
    let current = true;
    const load: Promise<Loaded> =
      settings.provider === 'oidc'
        ? import('./oidcClient').then(({ createOidcSso }) => {
            const { client, SignInButton } = createOidcSso(settings);
            return { status: 'ready', client, scopes: settings.scopes, SignInButton };
          })
        : import('./msalClient').then(async ({ createMsalClient, SsoSignInButton }) => {
            const client = await createMsalClient(settings);
            return { status: 'ready', client, scopes: loginScopes(settings.scopes), SignInButton: SsoSignInButton };
          });
    load
      .then((state) => {
        if (current) setLoaded({ for: settings, state });
      })
      .catch((error: unknown) => {
        console.error('Single sign-on could not start', error);
        if (current) setLoaded({ for: settings, state: { status: 'unavailable' } });
      });
    return () => {
      current = false;
    };
  }, [settings]);

  const state = useMemo<SsoState>(() => {
    if (config.isPending) return { status: 'loading' };
    if (config.isError) return { status: 'unavailable' };
    if (!isEnabled(settings)) return { status: 'disabled' };
    return loaded?.for === settings ? loaded.state : { status: 'loading' };
  }, [config.isPending, config.isError, settings, loaded]);

  // The settings usually arrive while the first screen is still being drawn. React draws a query's
  // answer at once and in one piece, and would draw that screen's pending parts (the shell, a page)
  // in the same blocking render; passed on in a background render instead, they do not hold up
  // the page, which mostly does not read them.
  const shown = useDeferredValue(state);
  return <SsoContext.Provider value={shown}>{children}</SsoContext.Provider>;
}
