import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import { NAME_SAVE_DELAY_MS } from './timing';
import { useDraftNameSave } from './useDraftNameSave';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function setup(savedName = 'Spring feedback', save = vi.fn((_name: string) => Promise.resolve())) {
  const hook = renderHook(
    (props: { savedName: string; changesElsewhere: number }) => useDraftNameSave({ savedName: props.savedName, changesElsewhere: props.changesElsewhere, save }),
    { initialProps: { savedName, changesElsewhere: 0 } },
  );
  return { ...hook, save };
}

describe('useDraftNameSave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 1000 ms after typing stops, with the trimmed name', async () => {
    const { result, save } = setup();
    act(() => result.current.onChange('Spring feedback '));
    await act(() => vi.advanceTimersByTimeAsync(NAME_SAVE_DELAY_MS / 2));
    act(() => result.current.onChange('Spring feedback 2 '));
    await act(() => vi.advanceTimersByTimeAsync(NAME_SAVE_DELAY_MS - 1));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('Spring feedback 2');
    expect(result.current.name).toBe('Spring feedback 2 ');
  });

  it('saves at once on blur, and not again when the delay ends', async () => {
    const { result, save } = setup();
    act(() => result.current.onChange('Autumn feedback'));
    act(() => result.current.onBlur());
    expect(save).toHaveBeenCalledWith('Autumn feedback');
    await act(() => vi.advanceTimersByTimeAsync(NAME_SAVE_DELAY_MS * 2));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("shows 'Saving...' while the call runs", async () => {
    const call = deferred();
    const { result } = setup('Spring feedback', vi.fn(() => call.promise));
    act(() => result.current.onChange('Summer feedback'));
    await act(() => vi.advanceTimersByTimeAsync(NAME_SAVE_DELAY_MS));
    expect(result.current.saving).toBe(true);
    await act(async () => call.resolve());
    expect(result.current.saving).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('refuses a blank name and does not send an unchanged one', async () => {
    const { result, save } = setup();
    act(() => result.current.onChange('   '));
    await act(() => vi.advanceTimersByTimeAsync(NAME_SAVE_DELAY_MS));
    expect(result.current.error).toBe(DRAFT_MESSAGES.renameEmpty);
    act(() => result.current.onChange(' Spring feedback'));
    act(() => result.current.onBlur());
    expect(result.current.error).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });

  it('says so when the save fails', async () => {
    const { result } = setup('Spring feedback', vi.fn(() => Promise.reject(new Error('Database unavailable'))));
    act(() => result.current.onChange('Winter feedback'));
    await act(() => vi.advanceTimersByTimeAsync(NAME_SAVE_DELAY_MS));
    expect(result.current.error).toBe(DRAFT_MESSAGES.renameFailed);
    expect(result.current.name).toBe('Winter feedback');
  });

  it('follows a name that changes elsewhere (another draft loaded), but not the echo of its own save', async () => {
    const call = deferred();
    const save = vi.fn((_name: string) => call.promise);
    const { result, rerender } = setup('Spring feedback', save);
    act(() => result.current.onChange('Spring'));
    act(() => result.current.onBlur());
    // The page stores the new name while the user already types on.
    act(() => result.current.onChange('Spring survey'));
    rerender({ savedName: 'Spring', changesElsewhere: 0 });
    await act(async () => call.resolve());
    expect(result.current.name).toBe('Spring survey');
    rerender({ savedName: 'Customer onboarding', changesElsewhere: 1 });
    expect(result.current.name).toBe('Customer onboarding');
  });

  it('starts over at a change elsewhere, even back to the name it was typed over', async () => {
    const { result, rerender, save } = setup();
    act(() => result.current.onChange('   '));
    await act(() => vi.advanceTimersByTimeAsync(NAME_SAVE_DELAY_MS));
    expect(result.current.error).toBe(DRAFT_MESSAGES.renameEmpty);
    rerender({ savedName: 'Customer onboarding', changesElsewhere: 1 });
    expect(result.current).toMatchObject({ name: 'Customer onboarding', error: null });
    rerender({ savedName: 'Spring feedback', changesElsewhere: 2 });
    expect(result.current).toMatchObject({ name: 'Spring feedback', error: null });
    act(() => result.current.onBlur());
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a waiting name when the field goes away', () => {
    const { result, save, unmount } = setup();
    act(() => result.current.onChange('Holiday feedback'));
    unmount();
    expect(save).toHaveBeenCalledWith('Holiday feedback');
  });
});
