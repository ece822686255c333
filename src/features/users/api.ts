/** Users: the server-state hooks of User Management and Permission Management. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permission, Role } from '@domain/auth/roles';
import type { CompanySsoInput, InviteInput } from '@domain/auth/schemas';
import type { CompanySso, InviteResponse, ManagedUser } from '@domain/auth/types';
import type { UserStatus } from '@domain/company/options';
import { userKeys, useUserMutation } from '@/lib/accounts';
import { api } from '@/lib/apiClient';

/** companyFilter: undefined lists every company's users (global admin only; others get their own). */
export function useUsers(companyFilter: string | undefined, enabled = true) {
  return useQuery({
    queryKey: userKeys.list(companyFilter),
    queryFn: () => api.get<ManagedUser[]>('/api/users', { companyFilter }),
    enabled,
  });
}

const userPath = (id: string, suffix = '') => `/api/users/${encodeURIComponent(id)}${suffix}`;

export const useInviteUser = () =>
  useUserMutation((input: InviteInput) => api.post<InviteResponse>('/api/users/invite', input));

export const useSetUserStatus = () =>
  useUserMutation(({ id, status }: { id: string; status: UserStatus }) =>
    api.put<ManagedUser>(userPath(id, '/status'), { status }),
  );

export const useDeleteUser = () => useUserMutation((id: string) => api.delete<void>(userPath(id)));

export const useResetPassword = () =>
  useUserMutation(({ id, newPassword }: { id: string; newPassword: string }) =>
    api.post<void>(userPath(id, '/reset-password'), { newPassword }),
  );

export const useUpdatePermissions = () =>
  useUserMutation(({ id, role, permissions }: { id: string; role: Role; permissions: Permission[] }) =>
    api.put<ManagedUser>(userPath(id, '/permissions'), { role, permissions }),
  );

const companySsoKey = (companyId: string) => ['companies', companyId, 'sso'] as const;

/** Unlinking changes the user list and adds an unlink to the company's single sign-on events. */
export function useUnlinkSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ManagedUser>(userPath(id, '/sso')),
    onSuccess: (user) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: companySsoKey(user.companyId) }),
      ]),
  });
}

/** A company's single sign-on settings and its latest links, unlinks and refused sign-ins. */
export function useCompanySso(companyId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: companySsoKey(companyId ?? ''),
    queryFn: () => api.get<CompanySso>(`/api/companies/${encodeURIComponent(companyId!)}/sso`),
    enabled: enabled && Boolean(companyId),
  });
}

export function useUpdateCompanySso(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanySsoInput) => api.put<CompanySso>(`/api/companies/${encodeURIComponent(companyId)}/sso`, input),
    onSuccess: (answer) => queryClient.setQueryData(companySsoKey(companyId), answer),
  });
}
