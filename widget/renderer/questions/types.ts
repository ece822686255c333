import type { Answer, Question } from '@domain/survey/types';

/** What every question input gets from QuestionField: its answer and the ids that tie it together. */
export interface QuestionInputProps {
  question: Question;
  answer: Answer | undefined;
  onChange: (answer: Answer | undefined) => void;
  /** Id of the control a <label> points at (single controls) and the name of a radio group. */
  inputId: string;
  /** Id of the question's heading, which names a group of options. */
  titleId: string;
  /** The description and the error, when shown. */
  describedBy: string | undefined;
  invalid: boolean;
}

/** The state attributes of one control. */
export function fieldAria({ describedBy, invalid, question }: Pick<QuestionInputProps, 'describedBy' | 'invalid' | 'question'>) {
  return {
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    'aria-required': question.required || undefined,
  } as const;
}
