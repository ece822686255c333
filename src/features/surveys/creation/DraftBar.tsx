import CheckIcon from '@mui/icons-material/Check';
import PublishIcon from '@mui/icons-material/Publish';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SURVEY_LIMITS } from '@domain/survey/limits';
import { CREATOR_LABELS } from './labels';
import type { DraftNameField } from './useDraftNameSave';

export const DRAFT_BAR_LABELS = {
  autosaves: 'Changes are saved to this draft automatically.',
} as const;

export interface DraftBarProps {
  /** The current draft's name field; null when the survey is not a draft yet. */
  nameField: DraftNameField | null;
  canManage: boolean;
  saving: boolean;
  /** The saved state after a manual save (3 s). */
  saved: boolean;
  publishing: boolean;
  /** Publishing is not possible yet (the checklist below says why). */
  publishBlocked: boolean;
  /** The id of the element listing what blocks publishing. */
  checklistId?: string;
  /** Why writes cannot happen yet (a global admin viewing every company). */
  companyNotice?: string | null;
  onSave: () => void;
  onPublish: () => void;
  onNewSurvey: () => void;
}

/** The builder's header: the draft's name (saved as it is typed), save, publish, new survey. */
export function DraftBar({
  nameField,
  canManage,
  saving,
  saved,
  publishing,
  publishBlocked,
  checklistId,
  companyNotice,
  onSave,
  onPublish,
  onNewSurvey,
}: DraftBarProps) {
  const saveLabel = saving ? CREATOR_LABELS.saving : saved ? CREATOR_LABELS.saved : nameField ? CREATOR_LABELS.updateDraft : CREATOR_LABELS.saveAsDraft;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' }, justifyContent: 'space-between' }}>
          {nameField ? (
            <TextField
              label={CREATOR_LABELS.draftName}
              value={nameField.name}
              onChange={(event) => nameField.onChange(event.target.value)}
              onBlur={nameField.onBlur}
              onKeyDown={(event) => {
                if (event.key === 'Enter') nameField.onBlur();
              }}
              disabled={!canManage}
              error={Boolean(nameField.error)}
              // A viewer cannot change the draft: no word of saving, and no helper drawn in the disabled grey.
              helperText={canManage ? (nameField.saving ? CREATOR_LABELS.saving : (nameField.error ?? DRAFT_BAR_LABELS.autosaves)) : undefined}
              size="small"
              sx={{ flexGrow: 1, maxWidth: { md: 420 } }}
              slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.name }, formHelperText: { role: 'status' } }}
            />
          ) : (
            <Typography sx={{ color: 'text.secondary', alignSelf: { md: 'center' } }}>{CREATOR_LABELS.unsavedSurvey}</Typography>
          )}
          {canManage && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={saved && !saving ? <CheckIcon /> : <SaveOutlinedIcon />}
                disabled={saving}
                onClick={onSave}
              >
                {saveLabel}
              </Button>
              <Button
                variant="contained"
                startIcon={<PublishIcon />}
                disabled={publishing || publishBlocked}
                aria-describedby={publishBlocked ? checklistId : undefined}
                onClick={onPublish}
              >
                {publishing ? CREATOR_LABELS.publishing : CREATOR_LABELS.publish}
              </Button>
              <Button onClick={onNewSurvey}>{CREATOR_LABELS.newSurvey}</Button>
            </Stack>
          )}
        </Stack>
        {companyNotice && <Alert severity="info">{companyNotice}</Alert>}
      </Stack>
    </Paper>
  );
}
