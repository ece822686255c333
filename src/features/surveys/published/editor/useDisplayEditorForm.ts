/**
 * The Custom Display form and its save: the survey's settings to start with, the company's rules
 * in the checks, the two calls of a save with their notices, the server's refusals put on their
 * fields, and the button's "Saved!" for 3 seconds.
 */
import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import type { GlobalIdentifierSettings, PublishedSurvey } from '@domain/survey/types';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { fieldErrorsOf, useSaveDisplaySettings } from '../../api/published';
import { displayEditorResolver, editorValuesOf, problemsIn, stepOfPath, type DisplayEditorValues, type EditorStepId } from '../displayEditorForm';

/** Data document, section 9: "Saved flag 3000 ms". */
export const SAVED_FLAG_MS = 3_000;

export function useDisplayEditorForm(survey: PublishedSurvey, global: GlobalIdentifierSettings) {
  const notify = useNotify();
  const resolver = useMemo(() => displayEditorResolver(global), [global]);
  const form = useForm<DisplayEditorValues>({
    defaultValues: editorValuesOf(survey),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const save = useSaveDisplaySettings();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  // After a Save that found problems, every change checks the whole form again.
  const [recheck, setRecheck] = useState(false);
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_FLAG_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  /** Saves a valid form; otherwise hands the step of the first problem to `onInvalidStep`. */
  const submit = (onInvalidStep: (step: EditorStepId) => void) =>
    form.handleSubmit(
      (values) => {
        setRecheck(false);
        setSavedAt(null);
        save.mutate(
          { survey, ...values },
          {
            onSuccess: () => {
              notify.success(PUBLISHED_MESSAGES.settingsSaved);
              setSavedAt(Date.now());
            },
            onError: (error) => {
              notify.error(PUBLISHED_MESSAGES.saveSettingsFailed(serverMessage(error)));
              // The server names the fields it refused by their place in the body, which is the form's.
              for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
                if (/^(settings|displayTriggers)\./.test(path)) form.setError(path as FieldPath<DisplayEditorValues>, { type: 'server', message });
              }
            },
          },
        );
      },
      (errors) => {
        setRecheck(true);
        const first = problemsIn(errors)[0];
        const step = first && stepOfPath(first.path);
        if (step) onInvalidStep(step.id);
      },
    )();

  return { form, submit, saving: save.isPending, saved: savedAt !== null, recheck };
}
