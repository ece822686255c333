import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { THEME_MESSAGES } from '@domain/survey/messages';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useSavedThemes } from '../../api/themes';
import { SavedThemeList } from './SavedThemeList';
import { SAVE_THEME_TITLE, SaveThemeDialog } from './SaveThemeDialog';
import { useThemeDeletion } from './useThemeDeletion';
import { useThemeLoading } from './useThemeLoading';
import { useThemeSaving } from './useThemeSaving';

export { NO_SAVED_THEMES } from './SavedThemeList';

export const RESET_THEME_LABEL = 'Reset to Default';

export interface ThemeManagementStepProps {
  /** The company whose themes are listed and saved: the survey's own. */
  companyId: string;
}

/** Step 1: save the current look as a company theme, load one, delete one, or go back to the default. */
export function ThemeManagementStep({ companyId }: ThemeManagementStepProps) {
  // A failed load is silent (data document, section 8): the list simply starts empty.
  const themes = useSavedThemes(companyId);
  const loader = useThemeLoading();
  const saving = useThemeSaving(companyId);
  const deletion = useThemeDeletion();

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={saving.start}>
          {SAVE_THEME_TITLE}
        </Button>
        <Button variant="outlined" onClick={loader.reset}>
          {RESET_THEME_LABEL}
        </Button>
      </Stack>

      <Typography variant="subtitle2" component="h4">
        Saved themes
      </Typography>
      <SavedThemeList themes={themes.data} loading={themes.isLoading} onLoad={loader.load} onDelete={deletion.ask} />

      <SaveThemeDialog open={saving.open} saving={saving.saving} error={saving.error} onClose={saving.close} onSave={saving.save} />
      <ConfirmDialog
        open={deletion.open}
        title="Delete Theme"
        confirmLabel="Delete"
        destructive
        busy={deletion.deleting}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      >
        {deletion.theme && THEME_MESSAGES.confirmDelete(deletion.theme.name)}
      </ConfirmDialog>
    </Stack>
  );
}
