/**
 * The respondent's side of a survey, without markup: answers, which questions show (the domain's
 * preview rules), which answers have been checked, the carousel step and the submission.
 */
import { useMemo, useState } from 'react';
import { answerError } from '@domain/survey/answers';
import { answersOfVisible, isEmptyAnswer, visibleQuestions } from '@domain/survey/visibility';
import type { Answer, Answers, Question, Survey } from '@domain/survey/types';

export type SurveyStatus = 'answering' | 'submitting' | 'previewed' | 'submitted' | 'failed';

/** Where focus goes after the next render: a question's heading, its first invalid control, or the thank-you. */
export interface FocusRequest {
  questionId?: string;
  target: 'title' | 'field' | 'done';
  /** Makes a repeated request (Next twice on the same invalid question) a new one. */
  seq: number;
}

export interface UseSurveyFormOptions {
  survey: Survey;
  mode: 'preview' | 'live';
  carousel: boolean;
  initialAnswers?: Answers;
  onSubmit?: (answers: Answers) => void | Promise<void>;
  onAnswersChange?: (answers: Answers) => void;
}

/**
 * What a live survey sends: the answers of visible questions, numbers as numbers (a number field
 * keeps the text as typed).
 */
export function submittedAnswers(questions: readonly Question[], answers: Answers): Answers {
  const kept = answersOfVisible(questions, answers);
  for (const question of questions) {
    const answer = kept[question.id];
    if (question.type === 'number' && typeof answer === 'string') kept[question.id] = Number(answer.trim());
  }
  return kept;
}

export function useSurveyForm({ survey, mode, carousel, initialAnswers, onSubmit, onAnswersChange }: UseSurveyFormOptions) {
  const [answers, setAnswers] = useState<Answers>(() => ({ ...initialAnswers }));
  // Errors are derived, not stored: a checked question shows answerError of its current answer,
  // so a message goes away as soon as the answer is fixed, and follows edits of the survey.
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const [step, setStep] = useState(0);
  const [status, setStatus] = useState<SurveyStatus>('answering');
  const [focus, setFocus] = useState<FocusRequest | null>(null);

  const visible = useMemo(() => visibleQuestions(survey.questions, answers), [survey.questions, answers]);
  // Answers on earlier steps can hide later questions: the step stays within what is visible.
  const current = Math.max(0, Math.min(step, visible.length - 1));

  const errorOf = (question: Question) => (checked.has(question.id) ? answerError(question, answers[question.id]) : null);
  const check = (ids: readonly string[]) => setChecked((before) => new Set([...before, ...ids]));
  const requestFocus = (target: FocusRequest['target'], questionId?: string) =>
    setFocus((before) => ({ target, questionId, seq: (before?.seq ?? 0) + 1 }));

  const answer = (question: Question, value: Answer | undefined) => {
    const next = { ...answers, [question.id]: value };
    setAnswers(next);
    if (status === 'previewed' || status === 'failed') setStatus('answering');
    onAnswersChange?.(next);
  };

  /** Leaving an untouched empty question says nothing yet; Next and Submit will. */
  const leave = (question: Question) => {
    if (!isEmptyAnswer(answers[question.id])) check([question.id]);
  };

  const goTo = (index: number) => {
    setStep(index);
    requestFocus('title', visible[index]?.id);
  };

  const next = () => {
    const question = visible[current];
    if (!question) return;
    check([question.id]);
    if (answerError(question, answers[question.id])) requestFocus('field', question.id);
    else goTo(current + 1);
  };

  const previous = () => {
    if (current > 0) goTo(current - 1);
  };

  const submit = async () => {
    if (status === 'submitting') return;
    check(visible.map((question) => question.id));
    const invalidIndex = visible.findIndex((question) => answerError(question, answers[question.id]));
    if (invalidIndex >= 0) {
      if (carousel) setStep(invalidIndex);
      requestFocus('field', visible[invalidIndex].id);
      return;
    }
    // The specification's preview Submit sends nothing: it only says the answers would pass.
    if (mode === 'preview') {
      setStatus('previewed');
      return;
    }
    setStatus('submitting');
    try {
      await onSubmit?.(submittedAnswers(survey.questions, answers));
      setStatus('submitted');
      requestFocus('done');
    } catch {
      setStatus('failed');
    }
  };

  return { answers, visible, current, status, focus, errorOf, answer, leave, next, previous, submit };
}
