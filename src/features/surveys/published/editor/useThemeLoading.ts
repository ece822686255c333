import { useFormContext } from 'react-hook-form';
import { DEFAULT_THEME } from '@domain/survey/defaults';
import { THEME_MESSAGES } from '@domain/survey/messages';
import type { SavedTheme } from '@domain/survey/types';
import { useNotify } from '@/lib/notifications';
import type { DisplayEditorValues } from '../displayEditorForm';

const CHANGE = { shouldDirty: true, shouldValidate: true } as const;

/** Putting a saved theme's colours, typography and logo into the editor, or the default colours back. */
export function useThemeLoading() {
  const notify = useNotify();
  const { setValue } = useFormContext<DisplayEditorValues>();
  return {
    load: (theme: SavedTheme) => {
      setValue('settings.theme', { ...theme.settings.theme }, CHANGE);
      setValue('settings.logo', { ...theme.settings.logo }, CHANGE);
      notify.success(THEME_MESSAGES.loaded(theme.name));
    },
    reset: () => {
      setValue('settings.theme', { ...DEFAULT_THEME }, CHANGE);
      notify.success(THEME_MESSAGES.reset);
    },
  };
}
