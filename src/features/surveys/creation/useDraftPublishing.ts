import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { API_ERRORS } from '@domain/errors';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import type { Survey } from '@domain/survey/types';
import { serverMessage, UNKNOWN_REASON } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useFetchDraft, usePublishSurvey, type DraftListEntry } from '../api/drafts';
import { justPublishedPath } from '../published/justPublished';
import type { CurrentDraft } from './useCurrentDraft';
import type { WorkingCopy } from './useWorkingCopy';

export interface DraftPublishingOptions {
  canManage: boolean;
  companyFilter: string | undefined;
  needsCompany: boolean;
  current: CurrentDraft;
  copy: WorkingCopy;
}

export interface DraftPublishing {
  /** 'builder', or the id of the draft being published. */
  publishingId: string | null;
  publishFromBuilder: () => void;
  publishDraft: (draft: DraftListEntry) => void;
}

/**
 * Publishing (data document, section 4) from the builder or from the drafts list: the draft is
 * deleted by the publish, and the browser goes to LiveIQ, on the survey published.
 */
export function useDraftPublishing({ canManage, companyFilter, needsCompany, current, copy }: DraftPublishingOptions): DraftPublishing {
  const notify = useNotify();
  const navigate = useNavigate();
  const fetchDraft = useFetchDraft();
  const publish = usePublishSurvey(companyFilter);
  const [publishingId, setPublishingId] = useState<string | null>(null);
  const { survey } = copy;

  const send = (body: { name: string; survey: Survey; draftId: string | null }, busyId: string) => {
    setPublishingId(busyId);
    publish.mutate(body, {
      onSuccess: (published) => {
        if (body.draftId !== null && body.draftId === current.storedId) current.forget();
        notify.success(DRAFT_MESSAGES.published);
        navigate(justPublishedPath(published.id));
      },
      onError: (error) => notify.error(DRAFT_MESSAGES.publishFailed(serverMessage(error, UNKNOWN_REASON))),
      onSettled: () => setPublishingId(null),
    });
  };

  const publishFromBuilder = () => {
    if (!canManage) return;
    if (current.id === null && needsCompany) {
      notify.warning(API_ERRORS.company_required.message);
      return;
    }
    // The draft is about to be deleted by the publish: a waiting auto-save must not chase it.
    copy.markSaved(survey);
    send({ name: current.id ? current.name : survey.title.trim(), survey, draftId: current.id }, 'builder');
  };

  const publishDraft = (draft: DraftListEntry) => {
    if (!canManage) return;
    if (draft.id === current.id) {
      // The builder holds the newest version of the current draft, saved or not.
      copy.markSaved(survey);
      send({ name: current.name, survey, draftId: draft.id }, draft.id);
      return;
    }
    setPublishingId(draft.id);
    fetchDraft(draft.id).then(
      (full) => send({ name: full.name, survey: full.survey, draftId: full.id }, draft.id),
      (error: unknown) => {
        setPublishingId(null);
        notify.error(DRAFT_MESSAGES.publishFailed(serverMessage(error, UNKNOWN_REASON)));
      },
    );
  };

  return { publishingId, publishFromBuilder, publishDraft };
}
