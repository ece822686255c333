import { lengthRange } from '@domain/survey/answers';
import { fieldAria, type QuestionInputProps } from './types';

/** text, textarea and email: one field, its placeholder and length limit from the question. */
export function TextQuestion(props: QuestionInputProps) {
  const { question, answer, onChange, inputId } = props;
  const { max } = lengthRange(question);
  const shared = {
    id: inputId,
    value: typeof answer === 'string' ? answer : answer === undefined ? '' : String(answer),
    placeholder: question.settings.placeholder || undefined,
    maxLength: max,
    ...fieldAria(props),
  };
  if (question.type === 'textarea') {
    return <textarea {...shared} className="nv-input nv-textarea" rows={4} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
  const email = question.type === 'email';
  return (
    <input
      {...shared}
      className="nv-input"
      type={email ? 'email' : 'text'}
      inputMode={email ? 'email' : undefined}
      autoComplete={email ? 'email' : 'off'}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
