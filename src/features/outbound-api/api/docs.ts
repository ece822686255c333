/** The OpenAPI 3.1 document of the prediction API, from which the Documentation tab is generated. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import type { PredictExample } from '@domain/prediction/contract';
import type { OpenApiDocument } from '../docs/openApi';

export const OPENAPI_PATH = '/api/v1/openapi.json';

export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['outbound-api', 'openapi'],
    queryFn: () => api.get<OpenApiDocument>(OPENAPI_PATH),
    staleTime: Infinity,
  });
}

/**
 * The company's own predict example (GET /api/api-keys/example): a request made from its catalogue
 * and custom attributes, with the answer the API gives it; both null when its catalogue has
 * nothing yet.
 */
export function usePredictExample(companyId: string) {
  return useQuery({
    queryKey: ['outbound-api', 'example', companyId],
    queryFn: () => api.get<PredictExample>('/api/api-keys/example', { companyFilter: companyId }),
  });
}
