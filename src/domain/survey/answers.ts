/**
 * Checks one answer against its question (required, length, range, options, formats). Pure: the
 * renderer shows the message beside the question, and the BFF will refuse a response that fails.
 */
import { CHOICE_TYPES, LENGTH_DEFAULTS, MULTI_SELECT_TYPES, RANGE_DEFAULTS, RATING_DEFAULTS } from './defaults';
import { ANSWER_MESSAGES } from './messages';
import type { Answer, Question } from './types';
import { isEmptyAnswer } from './visibility';

// Deliberately simple: one @, a dot in the domain, no spaces (what browsers' type=email accepts).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

function isRealDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function ratingMax(question: Question): number {
  const max = question.settings.maxValue ?? RATING_DEFAULTS.maxValue;
  return Number.isInteger(max) && max >= 1 ? max : RATING_DEFAULTS.maxValue;
}

/** A number question's range: the editor's min/max win over minValue/maxValue. */
export function numberRange(question: Question): { min: number; max: number; step: number } {
  const s = question.settings;
  return {
    min: s.min ?? s.minValue ?? RANGE_DEFAULTS.minValue,
    max: s.max ?? s.maxValue ?? RANGE_DEFAULTS.maxValue,
    step: s.step && s.step > 0 ? s.step : RANGE_DEFAULTS.step,
  };
}

export function lengthRange(question: Question): { min: number; max: number } {
  return {
    min: question.settings.minLength ?? LENGTH_DEFAULTS.minLength,
    max: question.settings.maxLength ?? LENGTH_DEFAULTS.maxLength,
  };
}

/** The message for an unacceptable answer, or null when it is fine. */
export function answerError(question: Question, answer: Answer | undefined): string | null {
  if (isEmptyAnswer(answer)) return question.required ? ANSWER_MESSAGES.required : null;
  const value = answer as Answer;

  if (MULTI_SELECT_TYPES.includes(question.type)) {
    if (!Array.isArray(value) || value.some((item) => !question.options.includes(item))) return ANSWER_MESSAGES.option;
    return null;
  }
  if (Array.isArray(value)) return ANSWER_MESSAGES.option;

  switch (question.type) {
    case 'text':
    case 'textarea':
    case 'email': {
      const text = String(value).trim();
      const { min, max } = lengthRange(question);
      if (text.length < min) return ANSWER_MESSAGES.tooShort(min);
      if (text.length > max) return ANSWER_MESSAGES.tooLong(max);
      if (question.type === 'email' && !EMAIL.test(text)) return ANSWER_MESSAGES.email;
      return null;
    }
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isFinite(number)) return ANSWER_MESSAGES.number;
      const { min, max, step } = numberRange(question);
      if (number < min || number > max) return ANSWER_MESSAGES.range(min, max);
      // Compare in whole steps from min, with a tolerance for binary fractions (0.1 steps).
      const steps = (number - min) / step;
      if (Math.abs(steps - Math.round(steps)) > 1e-9) return ANSWER_MESSAGES.step(step);
      return null;
    }
    case 'rating': {
      const rating = typeof value === 'number' ? value : Number(value);
      const max = ratingMax(question);
      return Number.isInteger(rating) && rating >= 1 && rating <= max ? null : ANSWER_MESSAGES.rating(max);
    }
    case 'date': {
      const text = String(value);
      const format = question.settings.dateFormat ?? 'date';
      if (format === 'time') return TIME.test(text) ? null : ANSWER_MESSAGES.time;
      const pattern = format === 'datetime-local' ? DATETIME : DATE;
      return pattern.test(text) && isRealDate(text) ? null : ANSWER_MESSAGES.date;
    }
    case 'yes-no':
      return value === 'yes' || value === 'no' ? null : ANSWER_MESSAGES.yesNo;
    default:
      if (CHOICE_TYPES.includes(question.type)) {
        return typeof value === 'string' && question.options.includes(value) ? null : ANSWER_MESSAGES.option;
      }
      return null;
  }
}
