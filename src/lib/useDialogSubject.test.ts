import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogSubject } from './useDialogSubject';

describe('useDialogSubject', () => {
  it('is closed with nothing to show until first shown', () => {
    const { result } = renderHook(() => useDialogSubject<string>());
    expect(result.current).toMatchObject({ subject: null, shown: null, open: false });
  });

  it('keeps what it showed after closing, until the next opening replaces it', () => {
    const { result } = renderHook(() => useDialogSubject<string>());
    act(() => result.current.show('Bob'));
    expect(result.current).toMatchObject({ subject: 'Bob', shown: 'Bob', open: true });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ subject: null, shown: 'Bob', open: false });
    act(() => result.current.show('Alice'));
    expect(result.current).toMatchObject({ subject: 'Alice', shown: 'Alice', open: true });
  });

  it('gives the same show and close on every render', () => {
    const { result, rerender } = renderHook(() => useDialogSubject<string>());
    const { show, close } = result.current;
    rerender();
    expect(result.current.show).toBe(show);
    expect(result.current.close).toBe(close);
  });
});
