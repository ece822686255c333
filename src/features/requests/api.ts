/** The requests inbox as global admins read it (the requests are sent from src/lib/requests.ts). */
import { useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '@domain/requests';
import { api } from '@/lib/apiClient';

export const requestKeys = {
  all: ['requests'] as const,
  inbox: () => [...requestKeys.all, 'inbox'] as const,
};

/** The stored requests, newest first. */
export function useServiceRequests(enabled = true) {
  return useQuery({
    queryKey: requestKeys.inbox(),
    queryFn: () => api.get<ServiceRequest[]>('/api/requests'),
    enabled,
    // Other companies' users add requests, and sending one does not touch this cache: every
    // opening asks again, showing what it already has meanwhile.
    refetchOnMount: 'always',
  });
}
