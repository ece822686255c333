/**
 * The requests inbox as the dashboard sends to it: custom API requests (Data Sources), Contact
 * Sales (Plans) and model access requests all become one stored request the Navout team reads.
 */
import { useMutation } from '@tanstack/react-query';
import type { ServiceRequest, ServiceRequestInput } from '@domain/requests';
import { api } from './apiClient';

export function useSendServiceRequest() {
  return useMutation({ mutationFn: (input: ServiceRequestInput) => api.post<ServiceRequest>('/api/requests', input) });
}
