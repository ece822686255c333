import { useEffect, useId } from 'react';
import { FormProvider, useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import type { PublishedSurvey, Survey } from '@domain/survey/types';
import { SurveyPreview } from '../preview/SurveyPreview';
import { problemsIn, type DisplayEditorValues, type EditorStepId } from './displayEditorForm';
import { DisplayEditorHeader } from './editor/DisplayEditorHeader';
import { EditorStepFields } from './editor/EditorStepFields';
import { EditorStepTabs } from './editor/EditorStepTabs';
import { SettingsProblems } from './editor/SettingsProblems';
import { useCompanyIdentifierRules } from './editor/useCompanyIdentifierRules';
import { useDisplayEditorForm } from './editor/useDisplayEditorForm';
import { useEditorSteps } from './editor/useEditorSteps';

export { SAVE_SETTINGS_LABEL } from './editor/DisplayEditorHeader';
export { CHECK_SETTINGS_TITLE } from './editor/SettingsProblems';
export { SAVED_FLAG_MS } from './editor/useDisplayEditorForm';

export const READ_ONLY_DISPLAY = "Changing a survey's styling and targeting needs permission to manage surveys. Its Preview shows how it looks.";

export interface CustomDisplayPanelProps {
  /** The survey whose Customize Display was pressed; null before one was. */
  survey: PublishedSurvey | null;
  canManage: boolean;
}

/** LiveIQ's Custom Display tab: the seven-step editor of one published survey, beside its live preview. */
export function CustomDisplayPanel({ survey, canManage }: CustomDisplayPanelProps) {
  if (!survey) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{PUBLISHED_MESSAGES.selectSurveyFirst}</Typography>
      </Paper>
    );
  }
  if (!canManage) return <Alert severity="info">{READ_ONLY_DISPLAY}</Alert>;
  // A new survey starts a new form: nothing of the last survey's edits carries over.
  return <DisplayEditor key={survey.id} survey={survey} />;
}

/**
 * After a Save that found problems, every change checks the whole form again: fixing one field
 * (the match type) can clear another's message (the patterns).
 */
function RecheckAfterFailedSave({ active }: { active: boolean }) {
  const { control, trigger } = useFormContext<DisplayEditorValues>();
  const values = useWatch({ control });
  useEffect(() => {
    if (active) void trigger();
  }, [active, values, trigger]);
  return null;
}

/** The survey with the settings being edited, as visitors will see it. */
function LivePreview({ survey }: { survey: Survey }) {
  const settings = useWatch<DisplayEditorValues, 'settings'>({ name: 'settings' });
  return <SurveyPreview survey={survey} settings={settings} />;
}

function DisplayEditor({ survey }: { survey: PublishedSurvey }) {
  const titleId = useId();
  const rules = useCompanyIdentifierRules(survey.companyId);
  const editor = useDisplayEditorForm(survey, rules.global);
  const steps = useEditorSteps(editor.form.control);
  const problems = problemsIn(editor.form.formState.errors);
  const tabId = (id: EditorStepId) => `${titleId}-step-${id}`;
  const panelId = `${titleId}-step-panel`;

  return (
    <FormProvider {...editor.form}>
      <RecheckAfterFailedSave active={editor.recheck} />
      <Stack spacing={3} component="section" aria-labelledby={titleId}>
        <DisplayEditorHeader
          titleId={titleId}
          surveyName={survey.name}
          saving={editor.saving}
          saved={editor.saved}
          onSave={() => void editor.submit(steps.select)}
        />
        <SettingsProblems problems={problems} />
        <EditorStepTabs
          steps={steps.steps}
          activeIndex={steps.activeIndex}
          problems={problems}
          tabId={tabId}
          panelId={panelId}
          onSelect={steps.select}
        />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={2} role="tabpanel" id={panelId} aria-labelledby={tabId(steps.activeStep.id)}>
              <Typography variant="h6" component="h3">
                {steps.activeIndex + 1}. {steps.activeStep.label}
              </Typography>
              <EditorStepFields step={steps.activeStep.id} survey={survey} global={rules.global} globalUnavailable={rules.unavailable} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Box sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
              <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                Live Preview
              </Typography>
              <LivePreview survey={survey.survey} />
            </Box>
          </Grid>
        </Grid>
      </Stack>
    </FormProvider>
  );
}
