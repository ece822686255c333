import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { questionLabel } from '@domain/survey/check';
import { newQuestion, QUESTION_TYPE_LABELS } from '@domain/survey/defaults';
import type { Question, QuestionType } from '@domain/survey/types';
import { ModalDialog } from '@/ui/ModalDialog';
import type { QuestionDataType } from '../api/dataTypes';
import { CREATOR_LABELS } from './labels';
import { QuestionEditor } from './QuestionEditor';
import { dataTypesUsedByOthers, earlierQuestions, replaceQuestion } from './questionList';
import { QuestionTypePicker } from './QuestionTypePicker';

export const EDITOR_MODAL_LABELS = {
  chooseType: 'Choose a question type on the left to add a question.',
  workingList: (n: number) => `In this survey (${n})`,
  emptyWorkingList: 'No questions yet.',
  added: (label: string) => `${label} added. Choose a type to add another, or press Review Survey.`,
} as const;

export interface QuestionEditorModalProps {
  /** The survey's questions when the modal opens. */
  questions: Question[];
  /** The question to edit; null adds new questions. */
  editingId: string | null;
  dataTypes: readonly QuestionDataType[];
  /** The questions to put into the survey ('Review Survey', or saving an edited question). */
  onApply: (questions: Question[]) => void;
  onClose: () => void;
}

/** A question of another type keeps what it was given, and starts the new type's defaults. */
function convert(question: Question, type: QuestionType): Question {
  const { title, description, required, dataType, conditions, conditionMode } = question;
  return { ...newQuestion(type, question.id), title, description, required, dataType, conditions, ...(conditionMode ? { conditionMode } : {}) };
}

/**
 * 'Create New Survey' (data document, section 4, "Question editor"): a type picker and the
 * editor over a working list. Save Question adds the question to the list (or, for an edited
 * question, replaces it and closes); Review Survey puts the list into the survey. Mounted while
 * open, so every opening starts from the survey as it is.
 */
export function QuestionEditorModal({ questions, editingId, dataTypes, onApply, onClose }: QuestionEditorModalProps) {
  const [working, setWorking] = useState(questions);
  const [current, setCurrent] = useState<Question | null>(
    () => questions.find((question) => question.id === editingId) ?? null,
  );
  const [notice, setNotice] = useState<string | null>(null);

  const pick = (type: QuestionType) => {
    setNotice(null);
    setCurrent((question) => (question && editingId ? convert(question, type) : newQuestion(type)));
  };

  const saveQuestion = () => {
    if (!current || current.title.trim() === '') return;
    if (editingId) {
      onApply(replaceQuestion(working, current));
      return;
    }
    const next = [...working, current];
    setWorking(next);
    setCurrent(null);
    setNotice(EDITOR_MODAL_LABELS.added(questionLabel(current, next.length - 1)));
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={CREATOR_LABELS.editorTitle}
      maxWidth="lg"
      actions={
        <>
          <Button onClick={onClose}>{CREATOR_LABELS.cancel}</Button>
          <Button variant="contained" onClick={() => onApply(working)}>
            {CREATOR_LABELS.reviewSurvey}
          </Button>
        </>
      }
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Stack spacing={3}>
            <QuestionTypePicker value={current?.type ?? null} onPick={pick} />
            <Box>
              <Typography variant="subtitle2" component="h3">
                {EDITOR_MODAL_LABELS.workingList(working.length)}
              </Typography>
              {working.length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {EDITOR_MODAL_LABELS.emptyWorkingList}
                </Typography>
              ) : (
                <List dense disablePadding aria-label={EDITOR_MODAL_LABELS.workingList(working.length)}>
                  {working.map((question, index) => (
                    <ListItem key={question.id} disableGutters>
                      <ListItemText primary={questionLabel(question, index)} secondary={QUESTION_TYPE_LABELS[question.type]} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Stack spacing={2}>
            {notice && (
              <Alert severity="success" onClose={() => setNotice(null)}>
                {notice}
              </Alert>
            )}
            {current ? (
              <>
                <QuestionEditor
                  question={current}
                  onChange={setCurrent}
                  earlier={editingId ? earlierQuestions(working, current.id) : working}
                  dataTypes={dataTypes}
                  usedDataTypes={dataTypesUsedByOthers(working, current.id)}
                />
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button variant="contained" disabled={current.title.trim() === ''} onClick={saveQuestion}>
                    {CREATOR_LABELS.saveQuestion}
                  </Button>
                </Stack>
              </>
            ) : (
              !notice && (
                <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{EDITOR_MODAL_LABELS.chooseType}</Typography>
              )
            )}
          </Stack>
        </Grid>
      </Grid>
    </ModalDialog>
  );
}
