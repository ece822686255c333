/** Custom attributes of the company in view: the names and types predict accepts in custom_attributes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomAttribute, CustomAttributeType } from '@domain/prediction/contract';
import { api } from '@/lib/apiClient';
import { outboundKeys } from './keys';

export interface CustomAttributeInput {
  name: string;
  type: CustomAttributeType;
}

const attributePath = (id: string) => `/api/custom-attributes/${encodeURIComponent(id)}`;

export function useCustomAttributes(companyId: string) {
  return useQuery({
    queryKey: outboundKeys.attributes(companyId),
    queryFn: () => api.get<CustomAttribute[]>('/api/custom-attributes', { companyFilter: companyId }),
  });
}

function useAttributeMutation<TVariables, TResult>(companyId: string, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundKeys.attributes(companyId) }),
  });
}

export const useAddCustomAttribute = (companyId: string) =>
  useAttributeMutation(companyId, (input: CustomAttributeInput) =>
    api.post<CustomAttribute>('/api/custom-attributes', { ...input, companyId }),
  );

export const useUpdateCustomAttribute = (companyId: string) =>
  useAttributeMutation(companyId, ({ id, input }: { id: string; input: CustomAttributeInput }) =>
    api.put<CustomAttribute>(attributePath(id), input),
  );

export const useDeleteCustomAttribute = (companyId: string) =>
  useAttributeMutation(companyId, (attribute: CustomAttribute) => api.delete<void>(attributePath(attribute.id)));
