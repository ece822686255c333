import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MODEL_SCREEN } from '../labels';

export interface SettingsToolbarProps {
  currentVersion: number;
  dirty: boolean;
  readOnly: boolean;
  saving: boolean;
  evaluating: boolean;
  onSave: () => void;
  onReset: () => void;
  onEvaluate: () => void;
}

/** The version in force and the actions on the edited settings: Evaluate, Reset to defaults, Save. */
export function SettingsToolbar({ currentVersion, dirty, readOnly, saving, evaluating, onSave, onReset, onEvaluate }: SettingsToolbarProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography>Version {currentVersion}{currentVersion === 0 ? ' (defaults)' : ''}</Typography>
        {dirty && <Chip size="small" color="warning" variant="outlined" label={MODEL_SCREEN.unsaved} />}
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={onEvaluate} disabled={evaluating}>
          {evaluating ? MODEL_SCREEN.evaluating : MODEL_SCREEN.evaluate}
        </Button>
        {!readOnly && (
          <>
            <Button color="inherit" onClick={onReset} disabled={saving}>
              {MODEL_SCREEN.reset}
            </Button>
            <Button variant="contained" onClick={onSave} disabled={saving || !dirty}>
              {saving ? MODEL_SCREEN.saving : MODEL_SCREEN.save}
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}
