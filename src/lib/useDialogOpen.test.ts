import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogOpen } from './useDialogOpen';

describe('useDialogOpen', () => {
  it('is not opened until first shown, then stays opened through a closing', () => {
    const { result } = renderHook(() => useDialogOpen());
    expect(result.current).toMatchObject({ open: false, opened: false });
    act(() => result.current.show());
    expect(result.current).toMatchObject({ open: true, opened: true });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ open: false, opened: true });
    act(() => result.current.show());
    expect(result.current).toMatchObject({ open: true, opened: true });
  });

  it('gives the same show and close on every render', () => {
    const { result, rerender } = renderHook(() => useDialogOpen());
    const { show, close } = result.current;
    rerender();
    expect(result.current.show).toBe(show);
    expect(result.current.close).toBe(close);
  });
});
