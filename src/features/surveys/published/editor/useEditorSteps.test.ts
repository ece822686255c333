import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PUBLISHED } from '../../fixtures';
import { editorValuesOf, type DisplayEditorValues } from '../displayEditorForm';
import { useEditorSteps } from './useEditorSteps';

function setup(displayMode: DisplayEditorValues['settings']['widget']['displayMode']) {
  const values = editorValuesOf(PUBLISHED.satisfaction);
  values.settings.widget = { ...values.settings.widget, displayMode };
  return renderHook(() => {
    const form = useForm<DisplayEditorValues>({ defaultValues: values });
    return { form, steps: useEditorSteps(form.control) };
  });
}

const ids = (steps: { id: string }[]) => steps.map((step) => step.id);

describe('useEditorSteps', () => {
  it('starts on the first step and opens any step chosen', () => {
    const { result } = setup('button');
    expect(ids(result.current.steps.steps)).toEqual(['themes', 'logo', 'colours', 'layout', 'widget', 'button', 'targeting']);
    expect(result.current.steps.activeStep.id).toBe('themes');
    act(() => result.current.steps.select('targeting'));
    expect(result.current.steps.activeIndex).toBe(6);
  });

  it('hands the button step to its neighbour while the widget is not a button, and gives it back', () => {
    const { result } = setup('button');
    act(() => result.current.steps.select('button'));
    expect(result.current.steps.activeStep.id).toBe('button');

    act(() => result.current.form.setValue('settings.widget.displayMode', 'overlay'));
    expect(ids(result.current.steps.steps)).not.toContain('button');
    expect(result.current.steps.activeStep.id).toBe('widget');
    expect(result.current.steps.activeIndex).toBe(4);

    act(() => result.current.form.setValue('settings.widget.displayMode', 'button'));
    expect(result.current.steps.activeStep.id).toBe('button');
  });
});
