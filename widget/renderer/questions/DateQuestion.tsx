import { fieldAria, type QuestionInputProps } from './types';

/** The question's dateFormat is the input's type: date, datetime-local or time. */
export function DateQuestion(props: QuestionInputProps) {
  const { question, answer, onChange, inputId } = props;
  return (
    <input
      {...fieldAria(props)}
      id={inputId}
      className="nv-input"
      type={question.settings.dateFormat ?? 'date'}
      value={typeof answer === 'string' ? answer : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
