/**
 * Write Back calls for the company in view (a global admin's choice): its destinations (the secret
 * only in the creation's answer, never cached) and its jobs, polled while one is still sending.
 * Reads name the company in the query (`companyFilter`), writes in the body (`companyId`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWritebackDestination,
  WritebackDestination,
  WritebackDestinationKind,
  WritebackJob,
  WritebackRequest,
} from '@domain/audience/contract';
import { api } from '@/lib/apiClient';

const BASE = '/api/audience-intelligence';
/** How often a job still queued or sending is read again. */
export const JOB_POLL_MS = 3_000;

export const writebackKeys = {
  all: ['writeback'] as const,
  destinations: (companyId: string) => [...writebackKeys.all, companyId, 'destinations'] as const,
  jobs: (companyId: string) => [...writebackKeys.all, companyId, 'jobs'] as const,
  job: (companyId: string, id: string) => [...writebackKeys.all, companyId, 'jobs', id] as const,
};

export interface NewDestinationInput {
  kind: WritebackDestinationKind;
  name: string;
  url: string;
}

export interface DestinationChange {
  name?: string;
  url?: string;
  enabled?: boolean;
}

const destinationPath = (id: string) => `${BASE}/destinations/${encodeURIComponent(id)}`;
const inFlight = (job: WritebackJob) => job.status === 'queued' || job.status === 'sending';

export function useWritebackDestinations(companyId: string) {
  return useQuery({
    queryKey: writebackKeys.destinations(companyId),
    queryFn: () => api.get<WritebackDestination[]>(`${BASE}/destinations`, { companyFilter: companyId }),
  });
}

function useDestinationMutation<TVariables, TResult>(companyId: string, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: writebackKeys.destinations(companyId) }),
  });
}

/** The answer holds the signing secret; the caller shows it once and lets it go. */
export const useCreateDestination = (companyId: string) =>
  useDestinationMutation(companyId, (input: NewDestinationInput) => api.post<CreatedWritebackDestination>(`${BASE}/destinations`, { ...input, companyId }));

export const useUpdateDestination = (companyId: string) =>
  useDestinationMutation(companyId, ({ id, change }: { id: string; change: DestinationChange }) =>
    api.put<WritebackDestination>(destinationPath(id), { ...change, companyId }),
  );

export const useDeleteDestination = (companyId: string) =>
  useDestinationMutation(companyId, (destination: WritebackDestination) =>
    api.delete<void>(`${destinationPath(destination.id)}?${new URLSearchParams({ companyFilter: companyId })}`),
  );

export function useWritebackJobs(companyId: string) {
  return useQuery({
    queryKey: writebackKeys.jobs(companyId),
    queryFn: () => api.get<WritebackJob[]>(`${BASE}/writeback/jobs`, { companyFilter: companyId }),
    refetchInterval: (query) => (query.state.data?.some(inFlight) ? JOB_POLL_MS : false),
  });
}

export function useWritebackJob(companyId: string, id: string | null) {
  return useQuery({
    queryKey: writebackKeys.job(companyId, id ?? ''),
    queryFn: () => api.get<WritebackJob>(`${BASE}/writeback/jobs/${encodeURIComponent(id!)}`, { companyFilter: companyId }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && inFlight(query.state.data) ? JOB_POLL_MS : false),
  });
}

/**
 * Queues a writeback. A 409 `destination_not_configured` means a chosen kind has no enabled
 * destination: the caller offers DestinationsDialog for it.
 */
export function useStartWriteback(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WritebackRequest) => api.post<WritebackJob>(`${BASE}/writeback`, { ...request, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: writebackKeys.jobs(companyId) }),
  });
}
