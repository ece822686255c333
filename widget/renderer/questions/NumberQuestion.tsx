import { numberRange } from '@domain/survey/answers';
import { fieldAria, type QuestionInputProps } from './types';

/**
 * The answer is kept as typed ('1.', '-') so the field never rewrites what the respondent is in
 * the middle of typing; it is checked as a number and sent as one.
 */
export function NumberQuestion(props: QuestionInputProps) {
  const { question, answer, onChange, inputId } = props;
  const { min, max, step } = numberRange(question);
  return (
    <input
      {...fieldAria(props)}
      id={inputId}
      className="nv-input"
      type="number"
      inputMode={Number.isInteger(step) && min >= 0 ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={step}
      placeholder={question.settings.placeholder || undefined}
      value={answer === undefined || Array.isArray(answer) ? '' : String(answer)}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
