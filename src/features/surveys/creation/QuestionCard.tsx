import type { CSSProperties, ReactNode } from 'react';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { questionLabel, type SurveyProblem } from '@domain/survey/check';
import { QUESTION_TYPE_LABELS } from '@domain/survey/defaults';
import type { Question } from '@domain/survey/types';
import { conditionSummary } from './labels';
import { fallbackSentence } from './ruleAdvice';

export const QUESTION_CARD_LABELS = {
  untitled: 'Untitled question',
  required: 'Required',
  edit: (label: string) => `Edit ${label}`,
  duplicate: (label: string) => `Duplicate ${label}`,
  delete: (label: string) => `Delete ${label}`,
} as const;

export interface QuestionCardProps {
  question: Question;
  index: number;
  /** Every question of the survey, to name the targets of conditions. */
  questions: readonly Question[];
  /** The logic check's findings about this question. */
  problems: readonly SurveyProblem[];
  readOnly?: boolean;
  onEdit?: () => void;
  onDuplicate?: () => void;
  onDelete?: () => void;
  /** The drag handle a sortable list puts before the card's content. */
  dragHandle?: ReactNode;
  /** The list item's ref and style while dragged. */
  containerRef?: (element: HTMLElement | null) => void;
  containerStyle?: CSSProperties;
  dragging?: boolean;
}

/** One question in the builder: number, type, title, required, conditions, and what is wrong with it. */
export function QuestionCard({
  question,
  index,
  questions,
  problems,
  readOnly = false,
  onEdit,
  onDuplicate,
  onDelete,
  dragHandle,
  containerRef,
  containerStyle,
  dragging = false,
}: QuestionCardProps) {
  const label = questionLabel(question, index);
  return (
    <Card
      component="li"
      ref={containerRef}
      style={containerStyle}
      aria-label={label}
      variant="outlined"
      sx={{
        listStyle: 'none',
        p: 2,
        position: 'relative',
        zIndex: dragging ? 1 : 'auto',
        boxShadow: dragging ? 6 : 'none',
        borderColor: problems.length > 0 ? 'warning.main' : 'divider',
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {!readOnly && dragHandle}
        <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" component="span" sx={{ color: 'text.secondary' }}>
              {index + 1}.
            </Typography>
            <Chip size="small" label={QUESTION_TYPE_LABELS[question.type]} />
            {question.required && <Chip size="small" color="primary" variant="outlined" label={QUESTION_CARD_LABELS.required} />}
          </Stack>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {question.title.trim() || QUESTION_CARD_LABELS.untitled}
          </Typography>
          {question.description && (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {question.description}
            </Typography>
          )}
          {question.conditions.map((condition) => (
            <Stack key={condition.id} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <AltRouteIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {conditionSummary(condition, questions)}
              </Typography>
            </Stack>
          ))}
          {question.conditions.length > 0 && index > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {fallbackSentence(question.conditions, question.conditionMode ?? 'default', questions.slice(0, index))}
            </Typography>
          )}
          {problems.map((problem) => (
            <Alert key={problem.message} severity="warning" variant="outlined" sx={{ py: 0 }}>
              {problem.message}
            </Alert>
          ))}
        </Stack>
        {!readOnly && (
          <Stack direction="row" spacing={0.5}>
            <Tooltip title="Edit">
              <IconButton aria-label={QUESTION_CARD_LABELS.edit(label)} onClick={onEdit}>
                <EditOutlinedIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Duplicate">
              <IconButton aria-label={QUESTION_CARD_LABELS.duplicate(label)} onClick={onDuplicate}>
                <ContentCopyOutlinedIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton aria-label={QUESTION_CARD_LABELS.delete(label)} onClick={onDelete} color="error">
                <DeleteOutlinedIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
