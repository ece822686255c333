import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRevealInBatches } from './useRevealInBatches';

describe('useRevealInBatches', () => {
  it('draws everything at once when the list fits in one batch', () => {
    const { result } = renderHook(() => useRevealInBatches(4, 6));
    expect(result.current).toBe(4);
  });

  it('reveals a long list batch by batch until all of it is drawn', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const count = useRevealInBatches(15, 6);
      seen.push(count);
      return count;
    });
    await waitFor(() => expect(result.current).toBe(15));
    expect(seen[0]).toBe(6);
    expect(seen).toContain(12);
  });

  it('draws items added later', async () => {
    const { result, rerender } = renderHook(({ total }) => useRevealInBatches(total, 6), { initialProps: { total: 3 } });
    expect(result.current).toBe(3);
    rerender({ total: 9 });
    await waitFor(() => expect(result.current).toBe(9));
  });
});
