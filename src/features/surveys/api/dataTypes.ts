/**
 * The data types a question can fill (data document, section 3), read for the question editor.
 * A failed load is silent and gives an empty list (section 8): binding a data type is optional.
 */
import { useQuery } from '@tanstack/react-query';
import type { DataType } from '@domain/dataTypes/dataTypes';
import { api } from '@/lib/apiClient';
import { surveyKeys } from './drafts';

/** The editor needs only these fields of a data type. */
export type QuestionDataType = Pick<DataType, 'id' | 'name' | 'type' | 'dataFieldName'>;

const NO_DATA_TYPES: QuestionDataType[] = [];

export const surveyDataTypeKeys = {
  list: (companyFilter: string | undefined) => [...surveyKeys.all, 'data-types', companyFilter ?? 'all'] as const,
};

export function useQuestionDataTypes(companyFilter: string | undefined): QuestionDataType[] {
  const query = useQuery({
    queryKey: surveyDataTypeKeys.list(companyFilter),
    queryFn: () => api.get<QuestionDataType[]>('/api/data-types', { companyFilter }),
    retry: false,
  });
  return query.data ?? NO_DATA_TYPES;
}
