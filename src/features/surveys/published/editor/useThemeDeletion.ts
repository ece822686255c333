import { useState } from 'react';
import { THEME_MESSAGES } from '@domain/survey/messages';
import type { SavedTheme } from '@domain/survey/types';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useDeleteTheme } from '../../api/themes';

interface Deletion {
  theme: SavedTheme | null;
  open: boolean;
}

/**
 * Deleting a saved theme: the theme waiting for its confirmation, and the delete with its notices.
 * The theme stays after the confirmation closes, so the dialog keeps its name while it fades out.
 */
export function useThemeDeletion() {
  const notify = useNotify();
  const remove = useDeleteTheme();
  const [deletion, setDeletion] = useState<Deletion>({ theme: null, open: false });
  const close = () => setDeletion((current) => ({ ...current, open: false }));

  const confirm = () => {
    if (!deletion.open || !deletion.theme) return;
    remove.mutate(deletion.theme, {
      onSuccess: () => notify.success(THEME_MESSAGES.deleted),
      onError: (error) => notify.error(withReason('Failed to delete theme', error)),
      onSettled: close,
    });
  };

  return {
    /** The theme asked about last (kept after closing). */
    theme: deletion.theme,
    open: deletion.open,
    ask: (theme: SavedTheme) => setDeletion({ theme, open: true }),
    cancel: close,
    confirm,
    deleting: remove.isPending,
  };
}
