import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';

export const SAVE_SETTINGS_LABEL = 'Save Settings';

export interface DisplayEditorHeaderProps {
  /** The id of the heading that names the editor's section. */
  titleId: string;
  surveyName: string;
  saving: boolean;
  /** True for a while after a save: the button says "Saved!". */
  saved: boolean;
  onSave: () => void;
}

/** "Customize Display" with the survey's name, and the Save Settings button with its Saving.../Saved! states. */
export function DisplayEditorHeader({ titleId, surveyName, saving, saved, onSave }: DisplayEditorHeaderProps) {
  const label = saving ? PUBLISHED_MESSAGES.saving : saved ? PUBLISHED_MESSAGES.saved : SAVE_SETTINGS_LABEL;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h2" id={titleId}>
          Customize Display
        </Typography>
        <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{surveyName}</Typography>
      </Box>
      {/* A button, not a form: the editor's dialogs have forms of their own, and React would bubble their submits here. */}
      <Button variant="contained" onClick={onSave} disabled={saving} color={saved ? 'success' : 'primary'}>
        {label}
      </Button>
    </Stack>
  );
}
