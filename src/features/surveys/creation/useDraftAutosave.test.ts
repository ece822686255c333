import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS } from './timing';
import { useDraftAutosave } from './useDraftAutosave';

interface Props {
  value: { title: string };
  enabled: boolean;
}

function setup(initial: Props, save = vi.fn(() => Promise.resolve())) {
  const hook = renderHook((props: Props) => useDraftAutosave(props.value, { enabled: props.enabled, save }), {
    initialProps: initial,
  });
  return { ...hook, save };
}

describe('useDraftAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 2000 ms after the last change, once', async () => {
    const first = { title: 'A' };
    const { rerender, save } = setup({ value: first, enabled: true });
    const second = { title: 'AB' };
    rerender({ value: second, enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1));
    const third = { title: 'ABC' };
    rerender({ value: third, enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(third);
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not save the value it started with, nor without a current draft', async () => {
    const { rerender, save } = setup({ value: { title: 'A' }, enabled: false });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    rerender({ value: { title: 'B' }, enabled: false });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(save).not.toHaveBeenCalled();
  });

  it('starts saving once a draft becomes current with unsaved changes', async () => {
    const { rerender, save } = setup({ value: { title: 'A' }, enabled: false });
    const changed = { title: 'B' };
    rerender({ value: changed, enabled: false });
    rerender({ value: changed, enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(save).toHaveBeenCalledWith(changed);
  });

  it('saves nothing after markSaved (a load or a manual save)', async () => {
    const { result, rerender, save } = setup({ value: { title: 'A' }, enabled: true });
    const loaded = { title: 'Loaded' };
    act(() => result.current.markSaved(loaded));
    rerender({ value: loaded, enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(save).not.toHaveBeenCalled();
  });

  it('markSaved cancels a save that was waiting', async () => {
    const { result, rerender, save } = setup({ value: { title: 'A' }, enabled: true });
    const edited = { title: 'B' };
    rerender({ value: edited, enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS / 2));
    act(() => result.current.markSaved(edited));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(save).not.toHaveBeenCalled();
  });

  it('flush saves a waiting change at once, and only a waiting one', async () => {
    const { result, rerender, save } = setup({ value: { title: 'A' }, enabled: true });
    act(() => result.current.flush());
    expect(save).not.toHaveBeenCalled();
    const edited = { title: 'B' };
    rerender({ value: edited, enabled: true });
    act(() => result.current.flush());
    expect(save).toHaveBeenCalledWith(edited);
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a failed save is tried again on the next change', async () => {
    const save = vi.fn(() => Promise.reject(new Error('offline')));
    const { rerender } = setup({ value: { title: 'A' }, enabled: true }, save);
    rerender({ value: { title: 'B' }, enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(save).toHaveBeenCalledTimes(1);
    const next = { title: 'BC' };
    rerender({ value: next, enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(next);
  });
});
