import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/lib/apiClient';
import { copyNameOf, isRetryableLoadFailure } from './published';

describe('the published list retries', () => {
  it('on a server error or a request without answer, not on a refusal', () => {
    expect(isRetryableLoadFailure(new ApiError('Internal server error', 500, null))).toBe(true);
    expect(isRetryableLoadFailure(new ApiError('Bad gateway', 502, null))).toBe(true);
    expect(isRetryableLoadFailure(new NetworkError('Network error', false))).toBe(true);
    expect(isRetryableLoadFailure(new ApiError('Forbidden', 403, null))).toBe(false);
    expect(isRetryableLoadFailure(new ApiError('Not found', 404, null))).toBe(false);
    expect(isRetryableLoadFailure(new Error('parse'))).toBe(false);
  });
});

it('names the draft copy of a published survey', () => {
  expect(copyNameOf('Store Visit Satisfaction')).toBe('Store Visit Satisfaction (Copy)');
});
