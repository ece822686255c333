import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './apiClient';
import { createAppQueryClient, IGNORE_UNAUTHORIZED, isUnauthorized, onUnauthorized } from './queryClient';

describe('the query client', () => {
  it('treats a 401 as the end of the session unless the request says otherwise', () => {
    const expired = new ApiError('Token expired', 401, null);
    expect(isUnauthorized(expired, undefined)).toBe(true);
    expect(isUnauthorized(expired, IGNORE_UNAUTHORIZED)).toBe(false);
    expect(isUnauthorized(new ApiError('Forbidden', 403, null), undefined)).toBe(false);
    expect(isUnauthorized(new NetworkError('Network error', false), undefined)).toBe(false);
  });

  it('tells the listeners when a query answers 401, and stops once they unsubscribe', async () => {
    const client = createAppQueryClient();
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    const rejectWith401 = () => Promise.reject(new ApiError('Token expired', 401, null));

    await client.fetchQuery({ queryKey: ['a'], queryFn: rejectWith401 }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);

    await client
      .fetchQuery({ queryKey: ['b'], queryFn: rejectWith401, meta: IGNORE_UNAUTHORIZED })
      .catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    await client.fetchQuery({ queryKey: ['c'], queryFn: rejectWith401 }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('tells the listeners when a mutation answers 401', async () => {
    const client = createAppQueryClient();
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new ApiError('Suspended', 401, null)) })
      .execute(undefined)
      .catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
