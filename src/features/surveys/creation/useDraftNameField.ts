import { isNotFound, useRenameDraft } from '../api/drafts';
import type { CurrentDraft } from './useCurrentDraft';
import { useDraftNameSave, type DraftNameField } from './useDraftNameSave';

/** The current draft's name in the builder's header, saved as it is typed; null without a current draft. */
export function useDraftNameField(current: CurrentDraft): DraftNameField | null {
  const rename = useRenameDraft();
  const field = useDraftNameSave({
    savedName: current.name,
    changesElsewhere: current.nameChangesElsewhere,
    save: (name) =>
      rename.mutateAsync({ id: current.id as string, name }).then(
        () => current.nameSavedInHeader(name),
        (error: unknown) => {
          if (isNotFound(error)) current.forget();
          throw error;
        },
      ),
  });
  return current.id ? field : null;
}
