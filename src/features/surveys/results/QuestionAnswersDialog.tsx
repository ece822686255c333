import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { QUESTION_ANSWER_FILTER_LABELS, QUESTION_ANSWER_FILTERS, type QuestionAnswerFilter, type QuestionAnswers } from '@domain/survey/collection';
import { ratingMax } from '@domain/survey/answers';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import type { Question } from '@domain/survey/types';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog } from '@/ui/ModalDialog';
import { useQuestionAnswers } from '../api/results';
import { ChartFigure } from '@/ui/ChartFigure';
import { answerText, formatDateTime } from './format';
import { DEVICE_LABELS } from './resultFilters';

export const ANSWERS_FAILED = 'Failed to load the answers';
export const COUNTS_TITLE = 'Answers by option';

const averageFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const answersText = (count: number) => `${count} ${count === 1 ? 'answer' : 'answers'}`;

/** A yes/no value as the respondent saw it. */
const optionLabel = (question: Question, value: string) =>
  question.type === 'yes-no' ? (value === 'yes' ? 'Yes' : value === 'no' ? 'No' : value) : value;

export interface QuestionAnswersDialogProps {
  surveyId: string;
  /** The question whose answers to show, kept while the dialog closes; null before the first opening. */
  question: Question | null;
  open: boolean;
  onClose: () => void;
}

/** One question's answers (data document, section 2, "per-question responses" modal). */
export function QuestionAnswersDialog({ surveyId, question, open, onClose }: QuestionAnswersDialogProps) {
  return (
    <ModalDialog open={open} onClose={onClose} title={question?.title ?? ''} subtitle="Responses to this question" actions={<Button onClick={onClose}>Close</Button>}>
      {/* A new question starts on its first page with every answer. */}
      {question && <QuestionAnswersContent key={question.id} surveyId={surveyId} question={question} />}
    </ModalDialog>
  );
}

function QuestionAnswersContent({ surveyId, question }: { surveyId: string; question: Question }) {
  const [filter, setFilter] = useState<QuestionAnswerFilter>('all');
  const [page, setPage] = useState(1);
  const answers = useQuestionAnswers(surveyId, question.id, filter, page);

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={1} role="group" aria-label="Show answers" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {QUESTION_ANSWER_FILTERS.map((entry) => (
          <Chip
            key={entry}
            label={QUESTION_ANSWER_FILTER_LABELS[entry]}
            color={entry === filter ? 'primary' : 'default'}
            variant={entry === filter ? 'filled' : 'outlined'}
            aria-pressed={entry === filter}
            onClick={() => {
              setFilter(entry);
              setPage(1);
            }}
          />
        ))}
      </Stack>
      {answers.isError ? (
        <FailureAlert title={ANSWERS_FAILED} error={answers.error} onRetry={() => void answers.refetch()} />
      ) : answers.data ? (
        <AnswersBody question={question} data={answers.data} busy={answers.isFetching} onPage={setPage} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading answers" />
        </Box>
      )}
    </Stack>
  );
}

function AnswersBody({ question, data, busy, onPage }: { question: Question; data: QuestionAnswers; busy: boolean; onPage: (page: number) => void }) {
  if (data.pagination.total === 0) {
    return (
      <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
        {RESULTS_MESSAGES.noAnswers}
      </Typography>
    );
  }
  const counts = data.counts;
  return (
    <Stack spacing={2.5} aria-busy={busy}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {answersText(data.pagination.total)}
        {data.average !== null &&
          ` · Average ${averageFormat.format(data.average)}${question.type === 'rating' ? ` out of ${ratingMax(question)}` : ''}`}
      </Typography>
      {counts.length > 0 && (
        <ChartFigure title={COUNTS_TITLE} summary={counts.map((entry) => `${optionLabel(question, entry.value)}: ${entry.count}`).join(', ')}>
          <BarChart
            layout="horizontal"
            height={Math.max(140, counts.length * 44 + 48)}
            yAxis={[{ scaleType: 'band', data: counts.map((entry) => optionLabel(question, entry.value)), width: 130 }]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[{ data: counts.map((entry) => entry.count), label: 'Answers' }]}
            hideLegend
            skipAnimation
          />
        </ChartFigure>
      )}
      <List dense disablePadding aria-label="Answers">
        {data.answers.map((entry) => (
          <ListItem key={entry.responseId} divider disableGutters>
            <ListItemText
              primary={answerText(entry.answer)}
              secondary={`${formatDateTime(entry.created_at)} · ${DEVICE_LABELS[entry.device_type]} · ${entry.is_complete ? 'Completed' : 'Incomplete'}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      {data.pagination.totalPages > 1 && (
        <Pagination
          count={data.pagination.totalPages}
          page={data.pagination.page}
          onChange={(_event, next) => onPage(next)}
          sx={{ alignSelf: 'center' }}
          getItemAriaLabel={(type, page, selected) =>
            type === 'page' ? `${selected ? '' : 'Go to '}page ${page} of the answers` : `Go to the ${type} page of the answers`
          }
        />
      )}
    </Stack>
  );
}
