import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { THEME_MESSAGES } from '@domain/survey/messages';
import { useNotify } from '@/lib/notifications';
import { useSaveTheme } from '../../api/themes';
import type { DisplayEditorValues } from '../displayEditorForm';

/** Saving the editor's colours, typography and logo as a company theme, through the Save Theme dialog. */
export function useThemeSaving(companyId: string) {
  const notify = useNotify();
  const { getValues } = useFormContext<DisplayEditorValues>();
  const save = useSaveTheme(companyId);
  const [open, setOpen] = useState(false);

  return {
    open,
    /** Opens the dialog without the last attempt's failure. */
    start: () => {
      save.reset();
      setOpen(true);
    },
    close: () => setOpen(false),
    save: (name: string) =>
      save.mutate(
        { name, settings: { theme: getValues('settings.theme'), logo: getValues('settings.logo') } },
        {
          onSuccess: () => {
            setOpen(false);
            notify.success(THEME_MESSAGES.saved);
          },
        },
      ),
    saving: save.isPending,
    /** Why the last save failed; shown in the dialog. */
    error: save.isError ? save.error : undefined,
  };
}
