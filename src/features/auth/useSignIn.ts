/**
 * Signing in from /login: the e-mail and password form and its request, the identity a single
 * sign-on hands back and its verification, and the one message saying why either failed.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginErrorMessage } from '@domain/auth/errors';
import type { LoginInput } from '@domain/auth/schemas';
import { useSession } from '@/lib/session';
import { useLogin, useVerifyUser } from './api';
import { lazySchemaResolver } from './lazySchemaResolver';
import { useSso } from './sso';
import { identityFromSignIn, isSsoCancellation, SSO_FAILED, type SsoSignInResult } from './ssoSettings';

const loginValidation = lazySchemaResolver<LoginInput>(async () => (await import('@domain/auth/schemas')).loginSchema);

export function useSignIn() {
  const { signIn } = useSession();
  const login = useLogin();
  const verify = useVerifyUser();
  const sso = useSso();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });
  // Validation code downloads while the visitor types, not before the form shows.
  useEffect(() => loginValidation.preload(), []);

  const submit = handleSubmit((values) => {
    setError(null);
    login.mutate(values, { onSuccess: signIn, onError: (failure) => setError(loginErrorMessage(failure)) });
  });

  const ssoSignedIn = (result: SsoSignInResult) => {
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

  const ssoFailed = (failure: unknown) => {
    if (!isSsoCancellation(failure)) setError(SSO_FAILED);
  };

  return {
    control,
    submit,
    /** Why the last sign-in failed. */
    error,
    /** While either request runs: the form and the sign-on button wait. */
    busy: login.isPending || verify.isPending,
    signingIn: login.isPending,
    sso,
    ssoSignedIn,
    ssoFailed,
  };
}
