import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './apiClient';
import { serverMessage, UNKNOWN_REASON } from './failure';

describe('serverMessage', () => {
  it("prefers the body's sentence to the short error", () => {
    expect(serverMessage(new ApiError('Survey not ready', 400, { error: 'Survey not ready', message: 'Question 2 needs a title.' }))).toBe(
      'Question 2 needs a title.',
    );
    expect(serverMessage(new ApiError('Internal server error', 500, null))).toBe('Internal server error');
    expect(serverMessage(new NetworkError('Network error', false))).toBe('Network error');
    expect(serverMessage('odd')).toBe('');
  });

  it('falls back to what the caller gives', () => {
    expect(serverMessage(new ApiError('', 500, null), UNKNOWN_REASON)).toBe('Unknown error');
    expect(serverMessage(new ApiError('Conflict', 409, { error: 'Conflict' }), 'Already syncing')).toBe('Conflict');
    expect(serverMessage(undefined, 'Already syncing')).toBe('Already syncing');
  });
});
