/** Company Management's writes: adding, editing and deleting companies (global admin only). */
import type { CompanyInput } from '@domain/auth/schemas';
import type { Company } from '@domain/auth/types';
import { useCompanyMutation } from '@/lib/accounts';
import { api } from '@/lib/apiClient';

export const useCreateCompany = () => useCompanyMutation((input: CompanyInput) => api.post<Company>('/api/companies', input));

export const useUpdateCompany = () =>
  useCompanyMutation(({ id, ...input }: CompanyInput & { id: string }) =>
    api.put<Company>(`/api/companies/${encodeURIComponent(id)}`, input),
  );

export const useDeleteCompany = () =>
  useCompanyMutation((id: string) => api.delete<void>(`/api/companies/${encodeURIComponent(id)}`));
