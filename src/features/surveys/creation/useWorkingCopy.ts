import { useCallback, useState } from 'react';
import { defaultSurvey } from '@domain/survey/defaults';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import type { Survey } from '@domain/survey/types';
import { serverMessage, UNKNOWN_REASON } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { isNotFound, useUpdateDraft } from '../api/drafts';
import type { CurrentDraft } from './useCurrentDraft';
import { useDraftAutosave } from './useDraftAutosave';

export interface WorkingCopy {
  survey: Survey;
  /** An edit by the user (auto-saved while a draft is current). */
  setSurvey: (survey: Survey) => void;
  /** Puts a survey in the builder that needs no saving: a draft just read, or a new survey. */
  replace: (survey: Survey) => void;
  /** Says the survey is what the server holds (or is about to): nothing to auto-save. */
  markSaved: (survey: Survey) => void;
  /** Saves a change still waiting for auto-save at once. */
  flush: () => void;
  /** The draft update, shared by auto-save and Update Draft: pending while either runs. */
  update: ReturnType<typeof useUpdateDraft>;
}

/** The survey in the builder, auto-saved to the current draft (data document, section 4). */
export function useWorkingCopy(current: CurrentDraft, canManage: boolean): WorkingCopy {
  const notify = useNotify();
  const update = useUpdateDraft();
  const [survey, setSurveyState] = useState<Survey>(defaultSurvey);

  const { markSaved, flush } = useDraftAutosave(survey, {
    enabled: canManage && current.id !== null,
    save: (value) =>
      update.mutateAsync({ id: current.id as string, name: current.name, survey: value }).catch((error: unknown) => {
        if (isNotFound(error)) current.forget();
        notify.error(DRAFT_MESSAGES.saveFailed(serverMessage(error, UNKNOWN_REASON)));
        throw error;
      }),
  });

  const setSurvey = useCallback((next: Survey) => setSurveyState(next), []);
  const replace = useCallback(
    (next: Survey) => {
      markSaved(next);
      setSurveyState(next);
    },
    [markSaved],
  );

  return { survey, setSurvey, replace, markSaved, flush, update };
}
