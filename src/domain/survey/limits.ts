/**
 * Limits of a stored survey, apart from the schemas that enforce them: the builder's fields show
 * them as they are typed, and importing them from here keeps the schema library out of the pages
 * that only need the numbers.
 */
/** Generous for real surveys, bounded against abuse. */
export const SURVEY_LIMITS = {
  questions: 100,
  title: 300,
  description: 2_000,
  questionTitle: 500,
  questionDescription: 1_000,
  options: 50,
  option: 200,
  conditions: 20,
  conditionValue: 500,
  placeholder: 200,
  name: 200,
  id: 100,
  logoUrl: 2_000,
  urlPatterns: 50,
  overrideReason: 1_000,
  selector: 200,
} as const;
