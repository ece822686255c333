/**
 * Owns the signed-in session (the SessionContext of src/lib/session.ts): restores it at start-up,
 * stores every sign-in, and ends it on sign-out or when the server stops accepting the token.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, Company, SessionUser } from '@domain/auth/types';
import { useNotify } from '@/lib/notifications';
import { onUnauthorized } from '@/lib/queryClient';
import { SessionContext, sessionAccess, sessionFromAnswer, type Session, type SessionContextValue } from '@/lib/session';
import { STORAGE_KEYS } from '@/lib/storage';
import { authApi, authKeys } from './api';
import { clearStoredSession, readStoredSession, writeStoredSession } from './sessionStore';
import { useSso, type SsoState } from './sso';
import { identityFromSignIn, SSO_ID_TOKEN_SCOPES } from './ssoSettings';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

function cachedAccount(sso: SsoState) {
  if (sso.status !== 'ready') return null;
  return sso.client.getActiveAccount() ?? sso.client.getAllAccounts()[0] ?? null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const sso = useSso();
  // Read by sign-out when it runs, not a dependency of it: the settings arriving after start-up
  // must not change the session's value, which would re-render every signed-in screen at once.
  const ssoRef = useRef(sso);
  useEffect(() => {
    ssoRef.current = sso;
  }, [sso]);
  // A complete stored session is trusted as is: no server call at start-up.
  const [session, setSession] = useState<Session | null>(readStoredSession);
  /** Becomes true once start-up has nothing left to try (or a sign-in/sign-out made it moot). */
  const [startupSettled, setStartupSettled] = useState(false);
  const restoreAttempted = useRef(false);

  // Only looked up while start-up may still restore a session: it reads MSAL's storage.
  const account = session || startupSettled ? null : cachedAccount(sso);
  const isLoading = !session && !startupSettled && (sso.status === 'loading' || account !== null);

  /** Another user's data must never show after a change of session; the installation's settings stay. */
  const forgetServerData = useCallback(() => {
    const ssoConfig = hashKey(authKeys.ssoConfig);
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== ssoConfig });
  }, [queryClient]);

  const signIn = useCallback(
    (answer: AuthResponse) => {
      const next = sessionFromAnswer(answer);
      forgetServerData();
      writeStoredSession(next);
      setSession(next);
      setStartupSettled(true);
    },
    [forgetServerData],
  );

  const endSession = useCallback(
    (tellServer: boolean) => {
      // The API client reads the token synchronously when the call starts, so the stored token
      // still goes with the request although storage is cleared on the next line.
      if (tellServer && localStorage.getItem(STORAGE_KEYS.token)) void authApi.logout().catch(() => undefined);
      clearStoredSession();
      setSession(null);
      setStartupSettled(true);
      forgetServerData();
      const current = ssoRef.current;
      if (current.status === 'ready') void current.client.clearCache().catch(() => undefined);
    },
    [forgetServerData],
  );

  const signOut = useCallback(() => endSession(true), [endSession]);

  // A 401 means the token expired or the user was suspended: the session is over.
  useEffect(
    () =>
      onUnauthorized(() => {
        if (!localStorage.getItem(STORAGE_KEYS.token)) return;
        endSession(false);
        notify.warning(SESSION_ENDED);
      }),
    [endSession, notify],
  );

  // Without a stored session, a cached Microsoft account is verified with the server once.
  useEffect(() => {
    if (session || startupSettled || restoreAttempted.current || sso.status !== 'ready' || !account) return;
    restoreAttempted.current = true;
    const { client } = sso;
    void (async () => {
      try {
        const result = await client.acquireTokenSilent({ scopes: [...SSO_ID_TOKEN_SCOPES], account });
        signIn(await authApi.verifyUser(identityFromSignIn(result)));
      } catch {
        await client.clearCache({ account }).catch(() => undefined);
      } finally {
        setStartupSettled(true);
      }
    })();
  }, [session, startupSettled, sso, account, signIn]);

  /** Applies a change to the current session, not to the one a slower request started from. */
  const patchSession = useCallback((change: (current: Session) => Session) => {
    setSession((current) => {
      if (!current) return current;
      const next = change(current);
      writeStoredSession(next);
      return next;
    });
  }, []);

  const updateUser = useCallback(
    (changes: Partial<SessionUser>) => patchSession((current) => ({ ...current, user: { ...current.user, ...changes } })),
    [patchSession],
  );

  const updateCompany = useCallback(
    (changes: Partial<Company>) =>
      patchSession((current) => ({ ...current, company: { ...current.company, ...changes } })),
    [patchSession],
  );

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      isLoading,
      signIn,
      signOut,
      updateUser,
      updateCompany,
      ...sessionAccess(session),
    }),
    [session, isLoading, signIn, signOut, updateUser, updateCompany],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
