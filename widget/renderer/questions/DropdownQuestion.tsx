import { RENDERER_LABELS } from '../labels';
import { fieldAria, type QuestionInputProps } from './types';

export function DropdownQuestion(props: QuestionInputProps) {
  const { question, answer, onChange, inputId } = props;
  return (
    <select
      {...fieldAria(props)}
      id={inputId}
      className="nv-input nv-select"
      value={typeof answer === 'string' ? answer : ''}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
    >
      <option value="">{RENDERER_LABELS.chooseOption}</option>
      {question.options.map((option, index) => (
        // Options are plain text an author may repeat: the position keeps keys unique.
        <option key={index} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
