import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublishedSurvey } from '@domain/survey/types';
import { SurveyPreview } from '../preview/SurveyPreview';
import { editorValuesOf } from './displayEditorForm';

export const PICK_SURVEY_TO_PREVIEW = 'Select a survey and press Preview to see it as visitors will.';

/** LiveIQ's Preview tab: the chosen survey with its own saved styling. */
export function PreviewPanel({ survey }: { survey: PublishedSurvey | null }) {
  if (!survey) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{PICK_SURVEY_TO_PREVIEW}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h5" component="h2">
          Preview
        </Typography>
        <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{survey.name}</Typography>
      </div>
      <SurveyPreview survey={survey.survey} settings={editorValuesOf(survey).settings} />
    </Stack>
  );
}
