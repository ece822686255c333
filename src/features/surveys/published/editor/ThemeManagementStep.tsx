import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { DEFAULT_THEME } from '@domain/survey/defaults';
import { THEME_MESSAGES } from '@domain/survey/messages';
import type { SavedTheme } from '@domain/survey/types';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useLastDefined } from '@/lib/useLastDefined';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useDeleteTheme, useSavedThemes, useSaveTheme } from '../../api/themes';
import type { DisplayEditorValues } from '../displayEditorForm';
import { SAVE_THEME_TITLE, SaveThemeDialog } from './SaveThemeDialog';

export const RESET_THEME_LABEL = 'Reset to Default';
export const NO_SAVED_THEMES = 'No saved themes yet. Save the current colours, typography and logo to use them on other surveys.';

const savedOn = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface ThemeManagementStepProps {
  /** The company whose themes are listed and saved: the survey's own. */
  companyId: string;
}

/** Step 1: save the current look as a company theme, load one, delete one, or go back to the default. */
export function ThemeManagementStep({ companyId }: ThemeManagementStepProps) {
  const notify = useNotify();
  const { getValues, setValue } = useFormContext<DisplayEditorValues>();
  // A failed load is silent (data document, section 8): the list simply starts empty.
  const themes = useSavedThemes(companyId);
  const save = useSaveTheme(companyId);
  const remove = useDeleteTheme();
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<SavedTheme | null>(null);
  const shownToDelete = useLastDefined(toDelete);

  const apply = (theme: SavedTheme) => {
    setValue('settings.theme', { ...theme.settings.theme }, { shouldDirty: true, shouldValidate: true });
    setValue('settings.logo', { ...theme.settings.logo }, { shouldDirty: true, shouldValidate: true });
    notify.success(THEME_MESSAGES.loaded(theme.name));
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          onClick={() => {
            save.reset();
            setSaving(true);
          }}
        >
          {SAVE_THEME_TITLE}
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            setValue('settings.theme', { ...DEFAULT_THEME }, { shouldDirty: true, shouldValidate: true });
            notify.success(THEME_MESSAGES.reset);
          }}
        >
          {RESET_THEME_LABEL}
        </Button>
      </Stack>

      <Typography variant="subtitle2" component="h4">
        Saved themes
      </Typography>
      {(themes.data ?? []).length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {themes.isLoading ? 'Loading saved themes...' : NO_SAVED_THEMES}
        </Typography>
      ) : (
        <List disablePadding aria-label="Saved themes">
          {themes.data?.map((theme) => (
            <ListItem
              key={theme.id}
              divider
              disableGutters
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  <Button size="small" aria-label={`Load ${theme.name}`} onClick={() => apply(theme)}>
                    Load
                  </Button>
                  <Button size="small" color="error" aria-label={`Delete ${theme.name}`} onClick={() => setToDelete(theme)}>
                    Delete
                  </Button>
                </Stack>
              }
              sx={{ pr: 18 }}
            >
              <ListItemText
                primary={theme.name}
                secondary={`${theme.settings.theme.fontFamily}, ${theme.settings.theme.primaryColor}${theme.settings.logo.enabled ? ', with logo' : ''} · saved ${savedOn.format(new Date(theme.createdAt))}`}
              />
            </ListItem>
          ))}
        </List>
      )}

      <SaveThemeDialog
        open={saving}
        saving={save.isPending}
        error={save.isError ? save.error : undefined}
        onClose={() => setSaving(false)}
        onSave={(name) =>
          save.mutate(
            { name, settings: { theme: getValues('settings.theme'), logo: getValues('settings.logo') } },
            {
              onSuccess: () => {
                setSaving(false);
                notify.success(THEME_MESSAGES.saved);
              },
            },
          )
        }
      />

      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete Theme"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete, {
            onSuccess: () => notify.success(THEME_MESSAGES.deleted),
            onError: (error) => notify.error(withReason('Failed to delete theme', error)),
            onSettled: () => setToDelete(null),
          });
        }}
        onCancel={() => setToDelete(null)}
      >
        {shownToDelete && THEME_MESSAGES.confirmDelete(shownToDelete.name)}
      </ConfirmDialog>
    </Stack>
  );
}
