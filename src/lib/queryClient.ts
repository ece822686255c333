/**
 * The dashboard's one QueryClient. Besides the defaults, it is where a 401 from any query or
 * mutation is noticed: the token has expired or the user was suspended, so the session ends.
 * The session owner (AuthProvider) registers what "ends" means with `onUnauthorized`.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiClient';

/**
 * Requests that may answer 401 without meaning "your session is over" (a wrong password at
 * sign-in) say so with `meta: IGNORE_UNAUTHORIZED`.
 */
export const IGNORE_UNAUTHORIZED = { ignoreUnauthorized: true } as const;

type UnauthorizedListener = () => void;
const listeners = new Set<UnauthorizedListener>();

/** Registers a listener for session-ending 401 answers; returns its removal. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUnauthorized(error: unknown, meta: Record<string, unknown> | undefined): boolean {
  return error instanceof ApiError && error.status === 401 && meta?.ignoreUnauthorized !== true;
}

function notifyIfUnauthorized(error: unknown, meta: Record<string, unknown> | undefined) {
  if (isUnauthorized(error, meta)) for (const listener of listeners) listener();
}

/** Client errors (4xx) are answers, not accidents: asking again gives the same answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 && failureCount < 1;
  // Network failures and timeouts were already retried by the API client.
  return false;
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyIfUnauthorized(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => notifyIfUnauthorized(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // Administrators edit in modals over lists; a refetch on every focus change reshuffles them.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
