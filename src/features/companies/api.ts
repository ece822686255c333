/** Companies: the server-state hooks of every screen that reads or changes companies. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@domain/auth/types';
import type { CompanyInput, CompanyProfileInput } from '@domain/auth/schemas';
import { api } from '@/lib/apiClient';

export const companyKeys = {
  all: ['companies'] as const,
  list: () => [...companyKeys.all, 'list'] as const,
  detail: (id: string) => [...companyKeys.all, 'detail', id] as const,
};

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

function useInvalidatingMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

export const useCreateCompany = () =>
  useInvalidatingMutation((input: CompanyInput) => api.post<Company>('/api/companies', input));

export const useUpdateCompany = () =>
  useInvalidatingMutation(({ id, ...input }: CompanyInput & { id: string }) =>
    api.put<Company>(`/api/companies/${encodeURIComponent(id)}`, input),
  );

export const useDeleteCompany = () =>
  useInvalidatingMutation((id: string) => api.delete<void>(`/api/companies/${encodeURIComponent(id)}`));

export const useSaveCompanyProfile = () =>
  useInvalidatingMutation((input: CompanyProfileInput) => api.put<Company>('/api/companies/profile', input));

export const useUploadCompanyLogo = () =>
  useInvalidatingMutation(({ id, file }: { id: string; file: Blob }) =>
    api.upload<Company>(`/api/companies/${encodeURIComponent(id)}/logo`, file),
  );

export const useRemoveCompanyLogo = () =>
  useInvalidatingMutation((id: string) => api.delete<Company>(`/api/companies/${encodeURIComponent(id)}/logo`));
