/** The OpenAPI 3.1 document of the prediction API, from which the Documentation tab is generated. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import type { OpenApiDocument } from '../docs/openApi';

export const OPENAPI_PATH = '/api/v1/openapi.json';

export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['outbound-api', 'openapi'],
    queryFn: () => api.get<OpenApiDocument>(OPENAPI_PATH),
    staleTime: Infinity,
  });
}
