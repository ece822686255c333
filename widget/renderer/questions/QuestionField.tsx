import type { FocusEvent } from 'react';
import { CHOICE_TYPES } from '@domain/survey/defaults';
import { BUILDER_MESSAGES } from '@domain/survey/messages';
import type { Answer, Question } from '@domain/survey/types';
import { RENDERER_LABELS } from '../labels';
import { hasSingleControl, QuestionInput } from './QuestionInput';

export interface QuestionFieldProps {
  question: Question;
  /** What the heading says: the title, or 'Question n' while it has none. */
  title: string;
  answer: Answer | undefined;
  /** The message of answerError, once the answer has been checked. */
  error: string | null;
  /** Unique prefix of this question's ids. */
  idBase: string;
  onChange: (answer: Answer | undefined) => void;
  /** Focus left the question (all of its options, for a group). */
  onLeave: () => void;
  containerRef: (element: HTMLDivElement | null) => void;
}

/** One question: its heading (focused when the carousel arrives at it), description, input and error. */
export function QuestionField({ question, title, answer, error, idBase, onChange, onLeave, containerRef }: QuestionFieldProps) {
  const ids = { title: `${idBase}-title`, input: `${idBase}-input`, description: `${idBase}-description`, error: `${idBase}-error` };
  const description = question.description.trim();
  const describedBy = [description && ids.description, error && ids.error].filter(Boolean).join(' ') || undefined;
  const noOptions = CHOICE_TYPES.includes(question.type) && question.options.length === 0;
  const labelled = hasSingleControl(question.type) && !noOptions;

  // The spaces sit between the elements, so every accessible-name algorithm keeps them.
  const heading = (
    <>
      {title}
      {question.required && (
        <>
          {' '}
          <span className="nv-required" aria-hidden="true">
            *
          </span>{' '}
          <span className="nv-sr-only">{RENDERER_LABELS.required}</span>
        </>
      )}
    </>
  );

  const leave = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !event.currentTarget.contains(next)) onLeave();
  };

  return (
    <div className="nv-question" ref={containerRef} onBlur={leave}>
      <h3 className="nv-question-title" id={ids.title} tabIndex={-1}>
        {labelled ? <label htmlFor={ids.input}>{heading}</label> : heading}
      </h3>
      {description && (
        <p className="nv-question-description" id={ids.description}>
          {description}
        </p>
      )}
      {noOptions ? (
        <p className="nv-empty-options">{BUILDER_MESSAGES.noOptions(question.type)}</p>
      ) : (
        <QuestionInput
          question={question}
          answer={answer}
          onChange={onChange}
          inputId={ids.input}
          titleId={ids.title}
          describedBy={describedBy}
          invalid={Boolean(error)}
        />
      )}
      {error && (
        <p className="nv-error" id={ids.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
