/**
 * A response's answers checked against the stored survey with the shared rule book: every
 * question id must exist, every answer must have its question's type and pass answerError, no
 * question hidden by its conditions may be answered, and at completion every visible required
 * question must be answered. Messages name the question as the builder does (questionLabel).
 */
import { questionLabel } from '@domain/survey/check';
import { COLLECTION_INPUT_MESSAGES } from '@domain/survey/collectionSchemas';
import { answerError } from '@domain/survey/answers';
import { MULTI_SELECT_TYPES } from '@domain/survey/defaults';
import type { Answer, Question } from '@domain/survey/types';
import { answersOfVisible, isEmptyAnswer, visibleQuestionIds } from '@domain/survey/visibility';

export type AnswerCheck = { answers: Record<string, Answer> } | { problem: string; questionId: string | null };

/** What the question's answer must be in JSON, or null when `answer` is that. */
function wrongType(question: Question, answer: unknown): string | null {
  if (MULTI_SELECT_TYPES.includes(question.type)) {
    return Array.isArray(answer) && answer.every((item) => typeof item === 'string') ? null : 'a list of options';
  }
  if (question.type === 'number' || question.type === 'rating') {
    return typeof answer === 'number' || typeof answer === 'string' ? null : 'a number';
  }
  return typeof answer === 'string' ? null : 'text';
}

/**
 * The answers to keep (those of visible questions, merged over `stored`), or the first problem.
 * An empty answer ('' or []) clears a stored one; stored answers of questions the new answers
 * hide are dropped, as the renderer drops them.
 */
export function checkAnswers(
  questions: readonly Question[],
  stored: Record<string, Answer>,
  incoming: Record<string, unknown>,
  complete: boolean,
): AnswerCheck {
  const positions = new Map(questions.map((question, index) => [question.id, index]));
  const refuse = (problem: string, questionId: string | null = null): AnswerCheck => ({ problem, questionId });
  const labelOf = (id: string) => questionLabel(questions[positions.get(id)!]!, positions.get(id)!);

  for (const id of Object.keys(incoming)) {
    if (!positions.has(id)) return refuse(COLLECTION_INPUT_MESSAGES.unknownQuestion(id));
  }
  // In survey order, so the first problem named is the first a respondent would meet.
  const given = questions.filter((question) => Object.prototype.hasOwnProperty.call(incoming, question.id));
  for (const question of given) {
    const expected = wrongType(question, incoming[question.id]);
    if (expected) return refuse(COLLECTION_INPUT_MESSAGES.wrongType(labelOf(question.id), expected), question.id);
    const answer = incoming[question.id] as Answer;
    if (Array.isArray(answer) && new Set(answer).size !== answer.length) {
      return refuse(COLLECTION_INPUT_MESSAGES.duplicateChoice(labelOf(question.id)), question.id);
    }
  }

  const merged: Record<string, Answer> = { ...stored, ...(incoming as Record<string, Answer>) };
  const visible = visibleQuestionIds(questions, merged);
  for (const question of given) {
    const answer = incoming[question.id] as Answer;
    if (isEmptyAnswer(answer)) continue;
    if (!visible.has(question.id)) return refuse(COLLECTION_INPUT_MESSAGES.hidden(labelOf(question.id)), question.id);
    const message = answerError(question, answer);
    if (message) return refuse(COLLECTION_INPUT_MESSAGES.invalid(labelOf(question.id), message), question.id);
  }

  const kept = answersOfVisible(questions, merged) as Record<string, Answer>;
  if (complete) {
    const shown = visibleQuestionIds(questions, kept);
    for (const question of questions) {
      if (!shown.has(question.id)) continue;
      const message = answerError(question, kept[question.id]);
      if (message) return refuse(COLLECTION_INPUT_MESSAGES.invalid(labelOf(question.id), message), question.id);
    }
  }
  return { answers: kept };
}
