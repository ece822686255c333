import { RadioGroup } from './RadioGroup';
import type { QuestionInputProps } from './types';

/** multiple-choice, multiple_choice and single-choice: one answer from the options. */
export function ChoiceQuestion(props: QuestionInputProps) {
  return (
    <RadioGroup
      input={props}
      variant="list"
      choices={props.question.options.map((option) => ({ value: option, label: option }))}
      selected={typeof props.answer === 'string' ? props.answer : undefined}
      onSelect={props.onChange}
    />
  );
}
