import { useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { stepsFor, type DisplayEditorValues, type EditorStepId } from '../displayEditorForm';

/** The editor's steps (button styling only while the widget is a button) and the one open. */
export function useEditorSteps(control: Control<DisplayEditorValues>) {
  const displayMode = useWatch({ control, name: 'settings.widget.displayMode' });
  const steps = stepsFor(displayMode);
  const [activeId, setActiveId] = useState<EditorStepId>('themes');
  // The button step leaves when the widget stops being a button; its neighbour takes over.
  const shownId = activeId === 'button' && displayMode !== 'button' ? 'widget' : activeId;
  const activeIndex = Math.max(0, steps.findIndex((step) => step.id === shownId));
  return { steps, activeIndex, activeStep: steps[activeIndex], select: setActiveId };
}
