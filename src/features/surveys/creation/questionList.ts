/**
 * Changes to the question list. None of them drops a condition: a condition left pointing at a
 * deleted or later question is kept and reported by the logic check (conditionProblems), so the
 * user decides what it should become.
 */
import { arrayMove } from '@dnd-kit/sortable';
import { newId } from '@domain/survey/defaults';
import type { Question } from '@domain/survey/types';

export function replaceQuestion(questions: readonly Question[], question: Question): Question[] {
  return questions.map((entry) => (entry.id === question.id ? question : entry));
}

export function removeQuestion(questions: readonly Question[], id: string): Question[] {
  return questions.filter((entry) => entry.id !== id);
}

/**
 * A copy right after the original, with fresh ids. Its data type is left unbound: a data type is
 * filled by one question only.
 */
export function duplicateQuestion(questions: readonly Question[], id: string): Question[] {
  const index = questions.findIndex((entry) => entry.id === id);
  if (index === -1) return [...questions];
  const original = questions[index];
  const copy: Question = {
    ...original,
    id: newId('q'),
    title: original.title ? `${original.title} (Copy)` : '',
    dataType: null,
    options: [...original.options],
    settings: { ...original.settings },
    conditions: original.conditions.map((condition) => ({ ...condition, id: newId('c') })),
  };
  return [...questions.slice(0, index + 1), copy, ...questions.slice(index + 1)];
}

export function moveQuestion(questions: readonly Question[], activeId: string, overId: string): Question[] {
  const from = questions.findIndex((entry) => entry.id === activeId);
  const to = questions.findIndex((entry) => entry.id === overId);
  if (from === -1 || to === -1 || from === to) return [...questions];
  return arrayMove([...questions], from, to);
}

/** The questions a condition of `id` may use: those before it (all of them for a question not yet in the list). */
export function earlierQuestions(questions: readonly Question[], id: string): Question[] {
  const index = questions.findIndex((entry) => entry.id === id);
  return index === -1 ? [...questions] : questions.slice(0, index);
}

/** Data types already filled by another question than `id`. */
export function dataTypesUsedByOthers(questions: readonly Question[], id: string): Set<string> {
  return new Set(
    questions.filter((entry) => entry.id !== id && entry.dataType !== null).map((entry) => entry.dataType as string),
  );
}
