/**
 * Companies and users as more than one room reads or changes them: the company list (the shell's
 * company filter, the invite form), one company (the screens working on the viewed company), the
 * company profile and logo (the registration wizard and the administration modals), and the
 * signed-in user's own profile, whose edits change the users' list that User Management caches.
 */
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CompanyProfileInput, UserProfileInput } from '@domain/auth/schemas';
import type { Company, SessionUser } from '@domain/auth/types';
import { api } from './apiClient';

export const companyKeys = {
  all: ['companies'] as const,
  list: () => [...companyKeys.all, 'list'] as const,
  detail: (id: string) => [...companyKeys.all, 'detail', id] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: (companyFilter: string | undefined) => [...userKeys.all, 'list', companyFilter ?? 'all'] as const,
};

/** A write after which every cached query under `staleKey` is read again. */
function useInvalidatingMutation<TVariables, TResult>(
  staleKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: staleKey }) });
}

export const useCompanyMutation = <TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) =>
  useInvalidatingMutation(companyKeys.all, mutationFn);

export const useUserMutation = <TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) =>
  useInvalidatingMutation(userKeys.all, mutationFn);

export function useCompanies(enabled = true) {
  return useQuery({ queryKey: companyKeys.list(), queryFn: () => api.get<Company[]>('/api/companies'), enabled });
}

export function useCompany(id: string | undefined) {
  return useQuery({
    queryKey: companyKeys.detail(id ?? ''),
    queryFn: () => api.get<Company>(`/api/companies/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
  });
}

export const useSaveCompanyProfile = () =>
  useCompanyMutation((input: CompanyProfileInput) => api.put<Company>('/api/companies/profile', input));

export const useUploadCompanyLogo = () =>
  useCompanyMutation(({ id, file }: { id: string; file: Blob }) =>
    api.upload<Company>(`/api/companies/${encodeURIComponent(id)}/logo`, file),
  );

export const useRemoveCompanyLogo = () =>
  useCompanyMutation((id: string) => api.delete<Company>(`/api/companies/${encodeURIComponent(id)}/logo`));

export const useUpdateProfile = () =>
  useUserMutation((input: UserProfileInput) => api.put<SessionUser>('/api/users/profile', input));

export const useUploadProfilePhoto = () =>
  useUserMutation((file: Blob) => api.upload<SessionUser>('/api/users/profile/photo', file));

export const useRemoveProfilePhoto = () => useUserMutation(() => api.delete<SessionUser>('/api/users/profile/photo'));
