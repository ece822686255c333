/**
 * Whether a survey is ready to publish, and the builder's logic check. Pure: the creator shows the
 * problems as the user works, and POST /api/surveys/publish refuses a survey that has any.
 */
import { CHOICE_TYPES } from './defaults';
import { CHECK_MESSAGES } from './messages';
import type { Question, Survey } from './types';

export interface SurveyProblem {
  /** The question the problem is about; absent for the survey as a whole. */
  questionId?: string;
  message: string;
}

/** 'Question 3 ("How did you hear of us?")': how messages name a question. */
export function questionLabel(question: Question, index: number): string {
  const title = question.title.trim();
  return title ? `Question ${index + 1} ("${title}")` : `Question ${index + 1}`;
}

/** Conditions whose target was deleted, or moved to or after the question (the logic check). */
export function conditionProblems(questions: readonly Question[]): SurveyProblem[] {
  const positions = new Map(questions.map((question, index) => [question.id, index]));
  const problems: SurveyProblem[] = [];
  questions.forEach((question, index) => {
    for (const condition of question.conditions) {
      const targetIndex = positions.get(condition.targetQuestionId);
      if (targetIndex === undefined) {
        problems.push({ questionId: question.id, message: CHECK_MESSAGES.missingTarget(questionLabel(question, index)) });
      } else if (targetIndex >= index) {
        problems.push({
          questionId: question.id,
          message: CHECK_MESSAGES.laterTarget(questionLabel(question, index), questionLabel(questions[targetIndex], targetIndex)),
        });
      }
    }
  });
  return problems;
}

/** Every reason the survey cannot be published, empty when it can. */
export function publishProblems(survey: Survey): SurveyProblem[] {
  const problems: SurveyProblem[] = [];
  if (survey.title.trim() === '') problems.push({ message: CHECK_MESSAGES.titleRequired });
  if (survey.questions.length === 0) problems.push({ message: CHECK_MESSAGES.noQuestions });
  const seen = new Set<string>();
  survey.questions.forEach((question, index) => {
    const label = questionLabel(question, index);
    if (seen.has(question.id)) problems.push({ questionId: question.id, message: CHECK_MESSAGES.duplicateId(label) });
    seen.add(question.id);
    if (question.title.trim() === '') problems.push({ questionId: question.id, message: CHECK_MESSAGES.questionTitle(label) });
    const options = question.options.filter((option) => option.trim() !== '');
    if (CHOICE_TYPES.includes(question.type) && options.length === 0) {
      problems.push({ questionId: question.id, message: CHECK_MESSAGES.noOptions(label) });
    }
  });
  return [...problems, ...conditionProblems(survey.questions)];
}
