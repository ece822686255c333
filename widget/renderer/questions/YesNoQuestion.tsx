import { RENDERER_LABELS } from '../labels';
import { RadioGroup } from './RadioGroup';
import type { QuestionInputProps } from './types';

/** The preview rules' answers are lowercase 'yes' and 'no'. */
const CHOICES = [
  { value: 'yes', label: RENDERER_LABELS.yes },
  { value: 'no', label: RENDERER_LABELS.no },
];

export function YesNoQuestion(props: QuestionInputProps) {
  return (
    <RadioGroup
      input={props}
      variant="scale"
      choices={CHOICES}
      selected={typeof props.answer === 'string' ? props.answer : undefined}
      onSelect={props.onChange}
    />
  );
}
