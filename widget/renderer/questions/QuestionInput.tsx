import type { QuestionType } from '@domain/survey/types';
import { CheckboxQuestion } from './CheckboxQuestion';
import { ChoiceQuestion } from './ChoiceQuestion';
import { DateQuestion } from './DateQuestion';
import { DropdownQuestion } from './DropdownQuestion';
import { NumberQuestion } from './NumberQuestion';
import { RatingQuestion } from './RatingQuestion';
import { TextQuestion } from './TextQuestion';
import type { QuestionInputProps } from './types';
import { YesNoQuestion } from './YesNoQuestion';

type QuestionInputComponent = (props: QuestionInputProps) => ReturnType<typeof TextQuestion>;

/** Every question type of the model, and the input that answers it. */
const INPUTS: Record<QuestionType, QuestionInputComponent> = {
  text: TextQuestion,
  textarea: TextQuestion,
  email: TextQuestion,
  'multiple-choice': ChoiceQuestion,
  multiple_choice: ChoiceQuestion,
  'single-choice': ChoiceQuestion,
  checkbox: CheckboxQuestion,
  dropdown: DropdownQuestion,
  rating: RatingQuestion,
  number: NumberQuestion,
  date: DateQuestion,
  'yes-no': YesNoQuestion,
};

/** Types answered in one control, which the question's <label> names; the others are groups. */
const SINGLE_CONTROL: readonly QuestionType[] = ['text', 'textarea', 'email', 'number', 'date', 'dropdown'];

export const hasSingleControl = (type: QuestionType) => SINGLE_CONTROL.includes(type);

export function QuestionInput(props: QuestionInputProps) {
  // An unknown type (a newer survey in an older widget) falls back to a text field.
  const Input = INPUTS[props.question.type] ?? TextQuestion;
  return <Input {...props} />;
}
