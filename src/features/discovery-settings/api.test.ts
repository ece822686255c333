import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS } from '@domain/limits';
import { DEFAULT_MODEL_SETTINGS } from '@domain/models/settings';
import { EVALUATION_TIMEOUT_MS, evaluateSettings } from './api';

/** A fetch that never answers, and fails the way the browser's does once its signal aborts. */
function silentServer() {
  return vi.fn((_url: string, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    }),
  );
}

describe('evaluateSettings', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits past an ordinary request’s timeout, and sends the evaluation once', async () => {
    const fetch = silentServer();
    vi.stubGlobal('fetch', fetch);
    const outcome = evaluateSettings('company-1', DEFAULT_MODEL_SETTINGS).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    // Past an ordinary request's timeout and both of its retries: still waiting, one request sent.
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS * 3 + 3_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    const settled = await Promise.race([outcome, Promise.resolve('pending')]);
    expect(settled).toBe('pending');
    // At the evaluation's own limit it gives up, without a second request.
    await vi.advanceTimersByTimeAsync(EVALUATION_TIMEOUT_MS);
    await expect(outcome).resolves.toBe('Request timed out');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toContain('/api/model-settings/evaluate');
  });
});
