/** Data Types: the server-state hooks of the page (list, create, update, delete). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataType, DataTypeInput } from '@domain/dataTypes/dataTypes';
import { api } from '@/lib/apiClient';

export const dataTypeKeys = {
  all: ['data-types'] as const,
  /** companyFilter: undefined lists everything the caller sees (a global admin: every type). */
  list: (companyFilter: string | undefined) => [...dataTypeKeys.all, 'list', companyFilter ?? 'all'] as const,
};

/** What the form sends; companyId only on create, and only when a global admin has chosen a company. */
export type DataTypeFields = Pick<DataTypeInput, 'name' | 'dataFieldName' | 'type' | 'description'>;

const dataTypePath = (id: string) => `/api/data-types/${encodeURIComponent(id)}`;

export function useDataTypes(companyFilter: string | undefined) {
  return useQuery({
    queryKey: dataTypeKeys.list(companyFilter),
    queryFn: () => api.get<DataType[]>('/api/data-types', { companyFilter }),
  });
}

function useDataTypeMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The list is read again before the call counts as done, so the table never shows the old row after the notice.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTypeKeys.all }),
  });
}

export const useCreateDataType = () =>
  useDataTypeMutation((input: DataTypeFields & { companyId?: string }) => api.post<DataType>('/api/data-types', input));

export const useUpdateDataType = () =>
  useDataTypeMutation(({ id, ...input }: DataTypeFields & { id: string }) => api.put<DataType>(dataTypePath(id), input));

export const useDeleteDataType = () => useDataTypeMutation((id: string) => api.delete<void>(dataTypePath(id)));
