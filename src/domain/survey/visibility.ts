/**
 * Which questions a respondent sees (data document, section 4, "Preview rules"). Pure functions:
 * the creator's preview, LiveIQ's preview, the widget and the BFF's response check all use these.
 *
 * - The first question, and a question without conditions, is always visible.
 * - A condition on a question that has no answer (or an empty one), or on a question that is itself
 *   hidden or not earlier in the survey, is ignored; if every condition is ignored the question shows.
 *   is_empty and is_not_empty are the exception: they exist to test for a missing answer, so they
 *   are evaluated on an answered-or-not earlier question that is visible.
 * - The first matching condition decides: 'show' (also when no action is given) makes the question
 *   visible, 'hide' and 'skip' hide it. When no condition matches, the question is visible, unless
 *   the question's conditionMode is 'show-only-when' (our departure from the specification): then
 *   it is hidden until a condition matches, so unanswered or hidden targets hide it too.
 * - Array answers (multi-select) support equals (membership), not_equals, contains and
 *   not_contains; contains comparisons are case-insensitive; every other operator is false.
 */
import type { Answer, Answers, ConditionOperator, Question } from './types';

export function isEmptyAnswer(answer: Answer | undefined | null): boolean {
  if (answer === undefined || answer === null) return true;
  if (Array.isArray(answer)) return answer.length === 0;
  if (typeof answer === 'number') return Number.isNaN(answer);
  return answer.trim() === '';
}

const EMPTINESS_OPERATORS: readonly ConditionOperator[] = ['is_empty', 'is_not_empty'];

function toNumber(value: string | number): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function sameValue(answer: string | number, expected: string): boolean {
  const a = toNumber(answer);
  const b = toNumber(expected);
  if (!Number.isNaN(a) && !Number.isNaN(b)) return a === b;
  return String(answer) === expected;
}

const includesText = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

/** Whether one condition's test holds for an answer (the ignore rules are visibleQuestionIds'). */
export function conditionMatches(operator: ConditionOperator, answer: Answer | undefined, value: string): boolean {
  if (operator === 'is_empty') return isEmptyAnswer(answer);
  if (operator === 'is_not_empty') return !isEmptyAnswer(answer);
  if (answer === undefined) return false;
  if (Array.isArray(answer)) {
    switch (operator) {
      case 'equals':
        return answer.includes(value);
      case 'not_equals':
        return !answer.includes(value);
      case 'contains':
        return answer.some((item) => includesText(item, value));
      case 'not_contains':
        return !answer.some((item) => includesText(item, value));
      default:
        return false;
    }
  }
  switch (operator) {
    case 'equals':
      return sameValue(answer, value);
    case 'not_equals':
      return !sameValue(answer, value);
    case 'contains':
      return includesText(String(answer), value);
    case 'not_contains':
      return !includesText(String(answer), value);
    default: {
      const a = toNumber(answer);
      const b = toNumber(value);
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      if (operator === 'greater_than') return a > b;
      if (operator === 'less_than') return a < b;
      if (operator === 'greater_equal') return a >= b;
      return a <= b;
    }
  }
}

/** The ids of the questions a respondent sees for these answers, in survey order. */
export function visibleQuestionIds(questions: readonly Question[], answers: Answers): Set<string> {
  const visible = new Set<string>();
  questions.forEach((question, index) => {
    if (index === 0 || question.conditions.length === 0 || decide(question, visible, answers)) {
      visible.add(question.id);
    }
  });
  return visible;
}

function decide(question: Question, earlierVisible: Set<string>, answers: Answers): boolean {
  for (const condition of question.conditions) {
    // Only visible earlier questions count: visibleQuestionIds fills the set in survey order, so a
    // later question, a deleted one or a hidden one is not in it yet.
    if (!earlierVisible.has(condition.targetQuestionId)) continue;
    const answer = answers[condition.targetQuestionId];
    if (isEmptyAnswer(answer) && !EMPTINESS_OPERATORS.includes(condition.operator)) continue;
    if (conditionMatches(condition.operator, answer, condition.value)) {
      return (condition.action ?? 'show') === 'show';
    }
  }
  return question.conditionMode !== 'show-only-when';
}

export function visibleQuestions(questions: readonly Question[], answers: Answers): Question[] {
  const ids = visibleQuestionIds(questions, answers);
  return questions.filter((question) => ids.has(question.id));
}

/** The answers worth keeping: those of visible questions that are not empty. */
export function answersOfVisible(questions: readonly Question[], answers: Answers): Answers {
  const ids = visibleQuestionIds(questions, answers);
  const kept: Answers = {};
  for (const question of questions) {
    const answer = answers[question.id];
    if (ids.has(question.id) && !isEmptyAnswer(answer)) kept[question.id] = answer;
  }
  return kept;
}
