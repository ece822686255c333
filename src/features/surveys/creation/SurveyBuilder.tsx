import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SURVEY_LIMITS } from '@domain/survey/limits';
import type { Survey } from '@domain/survey/types';
import type { QuestionDataType } from '../api/dataTypes';
import { CREATOR_LABELS } from './labels';
import { QuestionList } from './QuestionList';

// The editor (its forms, react-hook-form and yup, the conditions) is downloaded when first opened;
// pointing at Add New Field is enough to start it.
const loadEditor = () => import('./QuestionEditorModal');
const QuestionEditorModal = lazy(async () => ({ default: (await loadEditor()).QuestionEditorModal }));
const preloadEditor = () => void loadEditor();

export interface SurveyBuilderProps {
  survey: Survey;
  onChange: (survey: Survey) => void;
  dataTypes: readonly QuestionDataType[];
  readOnly?: boolean;
  /** Shown above the survey's fields: the draft's name, save and publish. */
  header?: ReactNode;
}

/** The Survey Builder tab: title, description and the questions, edited in 'Create New Survey'. */
export function SurveyBuilder({ survey, onChange, dataTypes, readOnly = false, header }: SurveyBuilderProps) {
  /** undefined: the editor is closed; null: adding questions; an id: editing that question. */
  const questionsHeadingId = useId();
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const set = <K extends keyof Survey>(key: K, value: Survey[K]) => onChange({ ...survey, [key]: value });

  return (
    <Stack spacing={3}>
      {header}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <TextField
            label={CREATOR_LABELS.surveyTitle}
            value={survey.title}
            onChange={(event) => set('title', event.target.value)}
            disabled={readOnly}
            slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.title } }}
          />
          <TextField
            label={CREATOR_LABELS.surveyDescription}
            value={survey.description}
            onChange={(event) => set('description', event.target.value)}
            disabled={readOnly}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.description } }}
          />
        </Stack>
      </Paper>
      <Stack spacing={2} component="section" aria-labelledby={questionsHeadingId}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id={questionsHeadingId}>
            {CREATOR_LABELS.questions} ({survey.questions.length})
          </Typography>
          {!readOnly && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing(null)}
              onPointerEnter={preloadEditor}
              onFocus={preloadEditor}
              disabled={survey.questions.length >= SURVEY_LIMITS.questions}
            >
              {CREATOR_LABELS.addNewField}
            </Button>
          )}
        </Stack>
        <QuestionList
          questions={survey.questions}
          onChange={(questions) => set('questions', questions)}
          onEdit={(id) => setEditing(id)}
          readOnly={readOnly}
        />
      </Stack>
      {editing !== undefined && (
        <Suspense fallback={null}>
          <QuestionEditorModal
            questions={survey.questions}
            editingId={editing}
            dataTypes={dataTypes}
            onClose={() => setEditing(undefined)}
            onApply={(questions) => {
              set('questions', questions);
              setEditing(undefined);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
