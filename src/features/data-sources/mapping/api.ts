/**
 * Field mapping: the server-state hooks of the Field Mapping panel and the Configure Data Mapping
 * dialog. Their queries live under the screen's `dataSourceKeys.all`, so a change to the sources
 * (a connect, an import, a delete) refreshes the fields too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomFieldInput, FieldSettingInput, MappedField } from '@domain/data/fields';
import { api } from '@/lib/apiClient';
import { dataSourceKeys } from '../api';

export const fieldKeys = {
  all: [...dataSourceKeys.all, 'fields'] as const,
  /** companyFilter: undefined is a global admin's view of every company. */
  list: (companyFilter: string | undefined) => [...fieldKeys.all, companyFilter ?? 'all'] as const,
};

/** Every field of the company's connected sources and its custom fields, the removed ones included. */
export function useMappedFields(companyFilter: string | undefined) {
  return useQuery({
    queryKey: fieldKeys.list(companyFilter),
    queryFn: () => api.get<MappedField[]>('/api/data-sources/fields', { companyFilter }),
  });
}

/**
 * A field's change (mapping, type, removal, restoring) also changes its sources' mapping, and so
 * the sources the screen lists: the whole data-source cache is read again.
 */
function useDataSourcesMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: dataSourceKeys.all }) });
}

/** Sends only what is given; `companyId` is a global admin's company in view (null for everyone else). */
export const useUpdateField = () =>
  useDataSourcesMutation((input: FieldSettingInput) => api.put<MappedField>('/api/data-sources/fields', withoutNullCompany(input)));

export const useAddCustomField = () =>
  useDataSourcesMutation((input: CustomFieldInput) => api.post<MappedField>('/api/data-sources/custom-fields', withoutNullCompany(input)));

/** A user who is not a global admin writes to their own company: no companyId is sent at all. */
function withoutNullCompany<T extends { companyId?: string | null }>(input: T): T {
  if (input.companyId) return input;
  const { companyId: _none, ...rest } = input;
  return rest as T;
}

/** One field's new mapping and type, from the Configure Data Mapping dialog. */
export interface FieldChange {
  name: string;
  unifiedField: string | null;
  type: MappedField['type'];
}

/** A save that stopped at one field: the fields before it are saved, the rest are not. */
export class MappingSaveError extends Error {
  constructor(
    readonly field: string,
    readonly saved: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : 'Request failed');
    this.name = 'MappingSaveError';
  }
}

/**
 * Saves the changed fields one after another: the server checks each mapping against the sources'
 * current mapping, so two changes that swap a unified field must not race. The cache is read
 * again once, at the end.
 */
export function useSaveMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ changes, companyId }: { changes: FieldChange[]; companyId: string | null }) => {
      const saved: MappedField[] = [];
      for (const change of changes) {
        try {
          saved.push(await api.put<MappedField>('/api/data-sources/fields', withoutNullCompany({ ...change, companyId })));
        } catch (error) {
          throw new MappingSaveError(change.name, saved.length, error);
        }
      }
      return saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataSourceKeys.all }),
  });
}
