import { lazy, Suspense } from 'react';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import type { PublishedSurveyActions } from './usePublishedSurveyActions';

export const EDIT_SURVEY_TITLE = 'Edit Survey';
export const EDIT_CONFIRM_LABEL = 'Create Draft Copy';
export const DELETE_SURVEY_TITLE = 'Delete Survey';

// Each dialog's code is downloaded when it is first opened.
const StartSurveyDialog = lazy(async () => ({ default: (await import('./StartSurveyDialog')).StartSurveyDialog }));
const ConfirmDialog = lazy(async () => ({ default: (await import('@/ui/ConfirmDialog')).ConfirmDialog }));

export interface SurveyActionDialogsProps {
  actions: PublishedSurveyActions;
}

/** LiveIQ's dialogs for a published survey: Start, Edit's warning and Delete's confirmation. */
export function SurveyActionDialogs({ actions }: SurveyActionDialogsProps) {
  const { startFor, editFor, deleteFor } = actions;

  return (
    <>
      {startFor.shown !== null && (
        <Suspense fallback={null}>
          <StartSurveyDialog
            survey={startFor.subject}
            starting={startFor.subject !== null && actions.statusChangingIds.includes(startFor.subject.id)}
            onStart={actions.start}
            onClose={actions.closeStart}
          />
        </Suspense>
      )}

      {editFor.shown !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={editFor.open}
            title={EDIT_SURVEY_TITLE}
            confirmLabel={EDIT_CONFIRM_LABEL}
            busy={actions.copying}
            onConfirm={actions.confirmEdit}
            onCancel={editFor.close}
          >
            {editFor.shown && PUBLISHED_MESSAGES.editWarning}
          </ConfirmDialog>
        </Suspense>
      )}

      {deleteFor.shown !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deleteFor.open}
            title={DELETE_SURVEY_TITLE}
            confirmLabel="Delete"
            destructive
            onConfirm={actions.confirmDelete}
            onCancel={actions.cancelDelete}
          >
            {PUBLISHED_MESSAGES.confirmDelete}
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
