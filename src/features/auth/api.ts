/** The identity calls of the BFF (platform specification, section 7) as server-state hooks. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginInput, RegisterInput } from '@domain/auth/schemas';
import type { AuthResponse, InvitationUser, SsoConfig } from '@domain/auth/types';
import { api } from '@/lib/apiClient';
import { IGNORE_UNAUTHORIZED } from '@/lib/queryClient';

export const authKeys = {
  ssoConfig: ['auth', 'sso-config'] as const,
  invitation: (token: string) => ['auth', 'invitation', token] as const,
};

/** What POST /api/auth/verify-user needs from a single sign-on. */
export interface SsoIdentity {
  idToken: string;
  email: string;
  azureId: string;
  tenantId: string;
  nonce?: string;
}

export const authApi = {
  login: ({ email, password }: LoginInput) =>
    api.post<AuthResponse>('/api/auth/login', { email, password, azureId: null, tenantId: null }),
  register: (input: RegisterInput) => api.post<AuthResponse>('/api/auth/register', input),
  verifyUser: (identity: SsoIdentity) => api.post<AuthResponse>('/api/auth/verify-user', identity),
  ssoConfig: () => api.get<SsoConfig>('/api/auth/sso-config'),
  validateInvitation: (token: string) =>
    api.get<{ user: InvitationUser }>(`/api/auth/validate-invitation/${encodeURIComponent(token)}`),
  activateAccount: (input: { token: string; password: string }) =>
    api.post<AuthResponse>('/api/auth/activate-account', input),
  logout: () => api.post<void>('/api/auth/logout'),
};

export function useSsoConfig() {
  return useQuery({
    queryKey: authKeys.ssoConfig,
    queryFn: authApi.ssoConfig,
    // An installation's identity settings do not change while the page is open.
    staleTime: Infinity,
    retry: false,
  });
}

// The sign-in calls answer 401 for a wrong password: that ends no session.
export const useLogin = () => useMutation({ mutationFn: authApi.login, meta: IGNORE_UNAUTHORIZED });

export const useRegister = () => useMutation({ mutationFn: authApi.register, meta: IGNORE_UNAUTHORIZED });

export const useVerifyUser = () => useMutation({ mutationFn: authApi.verifyUser, meta: IGNORE_UNAUTHORIZED });

export const useActivateAccount = () => useMutation({ mutationFn: authApi.activateAccount, meta: IGNORE_UNAUTHORIZED });

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: authKeys.invitation(token ?? ''),
    queryFn: () => authApi.validateInvitation(token!),
    enabled: Boolean(token),
    retry: false,
    meta: IGNORE_UNAUTHORIZED,
  });
}
