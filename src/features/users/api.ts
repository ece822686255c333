/** Users: the server-state hooks of the administration modals and the profile settings. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteResponse, ManagedUser, SessionUser } from '@domain/auth/types';
import type { InviteInput, UserProfileInput } from '@domain/auth/schemas';
import type { Permission, Role } from '@domain/auth/roles';
import type { UserStatus } from '@domain/company/options';
import { api } from '@/lib/apiClient';

export const userKeys = {
  all: ['users'] as const,
  list: (companyFilter: string | undefined) => [...userKeys.all, 'list', companyFilter ?? 'all'] as const,
};

/** companyFilter: undefined lists every company's users (global admin only; others get their own). */
export function useUsers(companyFilter: string | undefined, enabled = true) {
  return useQuery({
    queryKey: userKeys.list(companyFilter),
    queryFn: () => api.get<ManagedUser[]>('/api/users', { companyFilter }),
    enabled,
  });
}

function useInvalidatingMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

const userPath = (id: string, suffix = '') => `/api/users/${encodeURIComponent(id)}${suffix}`;

export const useInviteUser = () =>
  useInvalidatingMutation((input: InviteInput) => api.post<InviteResponse>('/api/users/invite', input));

export const useSetUserStatus = () =>
  useInvalidatingMutation(({ id, status }: { id: string; status: UserStatus }) =>
    api.put<ManagedUser>(userPath(id, '/status'), { status }),
  );

export const useDeleteUser = () => useInvalidatingMutation((id: string) => api.delete<void>(userPath(id)));

export const useResetPassword = () =>
  useInvalidatingMutation(({ id, newPassword }: { id: string; newPassword: string }) =>
    api.post<void>(userPath(id, '/reset-password'), { newPassword }),
  );

export const useUpdatePermissions = () =>
  useInvalidatingMutation(({ id, role, permissions }: { id: string; role: Role; permissions: Permission[] }) =>
    api.put<ManagedUser>(userPath(id, '/permissions'), { role, permissions }),
  );

export const useUpdateProfile = () =>
  useInvalidatingMutation((input: UserProfileInput) => api.put<SessionUser>('/api/users/profile', input));

export const useUploadProfilePhoto = () =>
  useInvalidatingMutation((file: Blob) => api.upload<SessionUser>('/api/users/profile/photo', file));

export const useRemoveProfilePhoto = () =>
  useInvalidatingMutation(() => api.delete<SessionUser>('/api/users/profile/photo'));
