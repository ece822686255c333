/** The OpenAPI 3.1 document of the prediction API, from which the Documentation tab is generated. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import type { PredictRequest } from '@domain/prediction/contract';
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
 * The company's own predict example (GET /api/api-keys/example): made from its catalogue and
 * custom attributes, and checked to answer with items; null when its catalogue has nothing yet.
 */
export function usePredictExample(companyId: string) {
  return useQuery({
    queryKey: ['outbound-api', 'example', companyId],
    queryFn: () => api.get<{ request: PredictRequest | null }>('/api/api-keys/example', { companyFilter: companyId }),
  });
}
