import type { QuestionInputProps } from './types';

/** Several options; the answer lists the chosen ones in the options' order. */
export function CheckboxQuestion({ question, answer, onChange, titleId, describedBy, invalid }: QuestionInputProps) {
  const chosen = Array.isArray(answer) ? answer : [];
  const toggle = (option: string) => {
    const next = question.options.filter((item) => (item === option ? !chosen.includes(item) : chosen.includes(item)));
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    // A group cannot be invalid or required in ARIA: each box says so, and the heading shows it.
    <div role="group" aria-labelledby={titleId} aria-describedby={describedBy} className="nv-options">
      {question.options.map((option, index) => (
        // Options are plain text an author may repeat: the position keeps keys unique.
        <label key={index} className="nv-option">
          <input type="checkbox" value={option} checked={chosen.includes(option)} aria-invalid={invalid || undefined} onChange={() => toggle(option)} />
          <span>{option}</span>
        </label>
      ))}
    </div>
  );
}
