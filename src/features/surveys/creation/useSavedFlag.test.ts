import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_FLAG_MS } from './timing';
import { useSavedFlag } from './useSavedFlag';

describe('useSavedFlag', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the saved state for 3000 ms, restarted by another save', async () => {
    const { result } = renderHook(() => useSavedFlag());
    expect(result.current[0]).toBe(false);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SAVED_FLAG_MS - 1000));
    act(() => result.current[1]());
    await act(() => vi.advanceTimersByTimeAsync(SAVED_FLAG_MS - 1));
    expect(result.current[0]).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current[0]).toBe(false);
  });
});
