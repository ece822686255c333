import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCloseAfterSuccess } from './useCloseAfterSuccess';

describe('useCloseAfterSuccess', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes 1.5 s after the save succeeded, not before', () => {
    const onClose = vi.fn();
    const { result } = renderHook(() => useCloseAfterSuccess(onClose));
    expect(result.current[0]).toBe(false);

    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
    act(() => vi.advanceTimersByTime(1_499));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close a modal that was already closed by hand', () => {
    const onClose = vi.fn();
    const { result, unmount } = renderHook(() => useCloseAfterSuccess(onClose));
    act(() => result.current[1]());
    unmount();
    act(() => vi.advanceTimersByTime(2_000));
    expect(onClose).not.toHaveBeenCalled();
  });
});
