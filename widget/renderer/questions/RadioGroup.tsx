import { fieldAria, type QuestionInputProps } from './types';

export interface RadioChoice {
  value: string;
  label: string;
}

interface RadioGroupProps {
  input: QuestionInputProps;
  choices: readonly RadioChoice[];
  selected: string | undefined;
  onSelect: (value: string) => void;
  /** 'list': one option a row (choices); 'scale': a row of buttons (rating, yes/no). */
  variant: 'list' | 'scale';
}

/**
 * Native radio buttons in a named radiogroup: arrow keys, one tab stop and the screen reader's
 * "2 of 5" come from the browser. The scale variant only looks like buttons.
 */
export function RadioGroup({ input, choices, selected, onSelect, variant }: RadioGroupProps) {
  const list = variant === 'list';
  return (
    <div role="radiogroup" aria-labelledby={input.titleId} className={list ? 'nv-options' : 'nv-scale'} {...fieldAria(input)}>
      {choices.map((choice, index) => (
        // Options are plain text an author may repeat: the position keeps keys unique.
        <label key={index} className={list ? 'nv-option' : 'nv-scale-option'}>
          <input
            type="radio"
            name={input.inputId}
            value={choice.value}
            checked={choice.value === selected}
            onChange={() => onSelect(choice.value)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </div>
  );
}
