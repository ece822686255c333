import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDraftText } from './useDraftText';

const setup = (value: string) => renderHook((props: { value: string }) => useDraftText(props.value), { initialProps: { value } });

describe('useDraftText', () => {
  it('shows what is typed while the value it stands for is the field’s value', () => {
    const { result, rerender } = setup('600px');
    expect(result.current.text).toBe('600px');
    // Typed text the owner takes: it stays as typed (with its space) once the value arrives.
    act(() => result.current.type('640px ', '640px'));
    rerender({ value: '640px' });
    expect(result.current.text).toBe('640px ');
    // Typed text that is not a value yet stands for the unchanged value.
    act(() => result.current.type('640p', '640px'));
    expect(result.current.text).toBe('640p');
  });

  it('gives way to a value changed from outside, and to the value when settled', () => {
    const { result, rerender } = setup('600px');
    act(() => result.current.type('60', '600px'));
    rerender({ value: '320px' });
    expect(result.current.text).toBe('320px');

    act(() => result.current.type('32', '320px'));
    expect(result.current.text).toBe('32');
    act(() => result.current.settle());
    expect(result.current.text).toBe('320px');
  });

  it('shows the value when the owner does not take what was handed over', () => {
    const { result } = setup('600px');
    act(() => result.current.type('700px', '700px'));
    expect(result.current.text).toBe('600px');
  });
});
