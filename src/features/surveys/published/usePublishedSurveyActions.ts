import { useNavigate } from 'react-router-dom';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import type { EndCondition, PublishedSurvey } from '@domain/survey/types';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useDialogSubject } from '@/lib/useDialogSubject';
import {
  useChangeSurveyStatus,
  useCopyToDraft,
  useDeletePublishedSurvey,
  useDeletingIds,
  useStatusChangingIds,
} from '../api/published';

export const CREATION_PATH = '/zero-party/survey-creation';

/**
 * What a published survey's card can ask for (data document, section 2, "Published surveys
 * page"): Start (with its dialog), Stop, Edit (a draft copy, after a warning) and Delete (after a
 * confirmation), each with its notices.
 */
export function usePublishedSurveyActions({ onDeleted }: { onDeleted: (survey: PublishedSurvey) => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const startFor = useDialogSubject<PublishedSurvey>();
  const editFor = useDialogSubject<PublishedSurvey>();
  const deleteFor = useDialogSubject<PublishedSurvey>();

  const statusChange = useChangeSurveyStatus({
    onSuccess: (_result, change) => {
      if (change.status === 'active') {
        startFor.close();
        notify.success(PUBLISHED_MESSAGES.started);
      } else notify.success(PUBLISHED_MESSAGES.stopped);
    },
    onError: (error, change) => {
      if (change.status === 'active') {
        // The notice must not sit under the dialog, where assistive technology cannot reach it.
        startFor.close();
        notify.error(PUBLISHED_MESSAGES.startFailed(serverMessage(error)));
      } else notify.error(PUBLISHED_MESSAGES.stopFailed(serverMessage(error)));
    },
  });
  const statusChangingIds = useStatusChangingIds();
  const remove = useDeletePublishedSurvey({
    onSuccess: (_result, survey) => {
      notify.success(PUBLISHED_MESSAGES.deleted);
      onDeleted(survey);
    },
    onError: (error) => notify.error(PUBLISHED_MESSAGES.deleteFailed(serverMessage(error))),
  });
  const deletingIds = useDeletingIds();
  const copy = useCopyToDraft();

  const confirmEdit = () => {
    if (!editFor.subject) return;
    copy.mutate(editFor.subject, {
      onSuccess: (draft) => {
        notify.success(PUBLISHED_MESSAGES.copied);
        navigate(`${CREATION_PATH}?draftId=${encodeURIComponent(draft.id)}`);
      },
      onError: (error) => {
        editFor.close();
        notify.error(PUBLISHED_MESSAGES.copyFailed(serverMessage(error)));
      },
    });
  };

  return {
    statusChangingIds,
    deletingIds,
    /** The Start dialog and the survey it is open for. */
    startFor,
    askStart: startFor.show,
    closeStart: startFor.close,
    start: (survey: PublishedSurvey, endCondition: EndCondition) => statusChange.mutate({ survey, status: 'active', endCondition }),
    stop: (survey: PublishedSurvey) => statusChange.mutate({ survey, status: 'inactive' }),
    editFor,
    copying: copy.isPending,
    confirmEdit,
    /** The Delete confirmation and the survey it is open for. */
    deleteFor,
    askDelete: deleteFor.show,
    cancelDelete: deleteFor.close,
    confirmDelete: () => {
      if (deleteFor.subject) remove.mutate(deleteFor.subject);
      deleteFor.close();
    },
  };
}

export type PublishedSurveyActions = ReturnType<typeof usePublishedSurveyActions>;
