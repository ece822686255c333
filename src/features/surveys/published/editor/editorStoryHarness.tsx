/**
 * The Custom Display form around one step, for that step's stories: "Check" validates as Save
 * would and prints what the form would send (or "invalid"), so a story can assert on it.
 */
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Decorator } from '@storybook/react-vite';
import type { GlobalIdentifierSettings, PublishedSurvey } from '@domain/survey/types';
import { ACME_IDENTIFIERS, PUBLISHED } from '../../fixtures';
import { displayEditorResolver, editorValuesOf, type DisplayEditorValues } from '../displayEditorForm';

export const CHECK_LABEL = 'Check';
export const CHECKED_TEST_ID = 'checked-values';

interface EditorFormHarnessProps {
  survey?: PublishedSurvey;
  global?: GlobalIdentifierSettings;
  values?: DisplayEditorValues;
  children: ReactNode;
}

export function EditorFormHarness({ survey = PUBLISHED.satisfaction, global = ACME_IDENTIFIERS, values, children }: EditorFormHarnessProps) {
  const form = useForm<DisplayEditorValues>({
    defaultValues: values ?? editorValuesOf(survey),
    resolver: displayEditorResolver(global),
    reValidateMode: 'onChange',
  });
  const [checked, setChecked] = useState('');
  return (
    <FormProvider {...form}>
      <Stack spacing={3}>
        {children}
        <Button
          variant="outlined"
          onClick={() => void form.handleSubmit((valid) => setChecked(JSON.stringify(valid)), () => setChecked('invalid'))()}
          sx={{ alignSelf: 'flex-start' }}
        >
          {CHECK_LABEL}
        </Button>
        <output data-testid={CHECKED_TEST_ID}>{checked}</output>
      </Stack>
    </FormProvider>
  );
}

/** A story decorator: the step inside the form. */
export const withEditorForm =
  (props: Omit<EditorFormHarnessProps, 'children'> = {}): Decorator =>
  (Story) => (
    <EditorFormHarness {...props}>
      <Story />
    </EditorFormHarness>
  );

/** What the last Check sent, parsed. */
export function checkedValues(output: HTMLElement): DisplayEditorValues {
  return JSON.parse(output.textContent ?? '') as DisplayEditorValues;
}
