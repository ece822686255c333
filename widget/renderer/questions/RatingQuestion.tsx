import { ratingMax } from '@domain/survey/answers';
import { RadioGroup } from './RadioGroup';
import type { QuestionInputProps } from './types';

/** 1 to the question's maxValue; the answer is a number. */
export function RatingQuestion(props: QuestionInputProps) {
  const choices = Array.from({ length: ratingMax(props.question) }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));
  return (
    <RadioGroup
      input={props}
      variant="scale"
      choices={choices}
      selected={props.answer === undefined ? undefined : String(props.answer)}
      onSelect={(value) => props.onChange(Number(value))}
    />
  );
}
