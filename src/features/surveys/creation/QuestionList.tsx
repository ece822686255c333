import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { conditionProblems, questionLabel, type SurveyProblem } from '@domain/survey/check';
import { BUILDER_MESSAGES } from '@domain/survey/messages';
import type { Question } from '@domain/survey/types';
import { QuestionCard } from './QuestionCard';
import { duplicateQuestion, moveQuestion, removeQuestion } from './questionList';

export const REORDER_INSTRUCTIONS =
  'To reorder a question, press Space or Enter on its handle, move it with the Up and Down arrow keys, then press Space or Enter again to drop it, or Escape to cancel.';

export const REORDER_LABEL = (label: string) => `Reorder ${label}`;

export interface QuestionListProps {
  questions: Question[];
  onChange: (questions: Question[]) => void;
  onEdit: (id: string) => void;
  readOnly?: boolean;
}

interface SortableQuestionProps {
  question: Question;
  index: number;
  questions: Question[];
  problems: SurveyProblem[];
  onChange: (questions: Question[]) => void;
  onEdit: (id: string) => void;
}

function SortableQuestion({ question, index, questions, problems, onChange, onEdit }: SortableQuestionProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: question.id,
  });
  return (
    <QuestionCard
      question={question}
      index={index}
      questions={questions}
      problems={problems}
      containerRef={setNodeRef}
      containerStyle={{ transform: CSS.Translate.toString(transform), transition }}
      dragging={isDragging}
      dragHandle={
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={REORDER_LABEL(questionLabel(question, index))}
          size="small"
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', mt: 0.25 }}
        >
          <DragIndicatorIcon />
        </IconButton>
      }
      onEdit={() => onEdit(question.id)}
      onDuplicate={() => onChange(duplicateQuestion(questions, question.id))}
      onDelete={() => onChange(removeQuestion(questions, question.id))}
    />
  );
}

/**
 * The builder's questions, reordered by dragging a card's handle with a pointer or the keyboard.
 * Reordering and deleting keep every condition; the logic check marks the ones that no longer
 * point at an earlier question.
 */
export function QuestionList({ questions, onChange, onEdit, readOnly = false }: QuestionListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const problems = conditionProblems(questions);
  const problemsOf = (id: string) => problems.filter((problem) => problem.questionId === id);

  const position = (id: UniqueIdentifier) => {
    const index = questions.findIndex((question) => question.id === id);
    return index === -1 ? 'a question' : questionLabel(questions[index], index);
  };
  const place = (id: UniqueIdentifier) => questions.findIndex((question) => question.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${position(active.id)} moved to position ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${position(active.id)} dropped at position ${place(over.id)}.` : `${position(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled; ${position(active.id)} is back in its place.`,
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(moveQuestion(questions, String(active.id), String(over.id)));
  };

  if (questions.length === 0) {
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{BUILDER_MESSAGES.noQuestionsYet}</Typography>;
  }

  if (readOnly) {
    return (
      <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {questions.map((question, index) => (
          <QuestionCard key={question.id} question={question} index={index} questions={questions} problems={problemsOf(question.id)} readOnly />
        ))}
      </Stack>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: REORDER_INSTRUCTIONS } }}
    >
      <SortableContext items={questions.map((question) => question.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {questions.map((question, index) => (
            <SortableQuestion
              key={question.id}
              question={question}
              index={index}
              questions={questions}
              problems={problemsOf(question.id)}
              onChange={onChange}
              onEdit={onEdit}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
