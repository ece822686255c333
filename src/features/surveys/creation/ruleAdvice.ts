/**
 * What a question's conditions do, in words, and what in them cannot work: the condition editor
 * says both as the rules are written, so a rule without a visible effect is explained rather than
 * discovered in the preview. It follows the one visibility engine (@domain/survey/visibility).
 */
import { questionLabel } from '@domain/survey/check';
import { CHOICE_TYPES } from '@domain/survey/defaults';
import type { Condition, ConditionAction, ConditionMode, ConditionOperator, Question } from '@domain/survey/types';
import { OPERATOR_LABELS } from './labels';

const VALUELESS: readonly ConditionOperator[] = ['is_empty', 'is_not_empty'];
const OUTCOME: Record<ConditionAction, 'shown' | 'hidden'> = { show: 'shown', hide: 'hidden', skip: 'hidden' };
const VERB: Record<ConditionAction, string> = { show: 'shown', hide: 'hidden', skip: 'skipped' };

export const MODE_LABELS: Record<ConditionMode, string> = {
  default: 'Show unless a rule hides it (default)',
  'show-only-when': 'Show only when a rule matches',
};

export const RULE_ADVICE = {
  modeLegend: 'Visibility',
  firstDecides: 'the first rule that matches decides',
  noRuleYet: 'No rule yet: until you add one, this question is always shown.',
  first: 'The first question is always shown, whatever its rules say.',
  noRuleApplies: (outcome: 'shown' | 'hidden') => `No rule can apply, so this question is always ${outcome}.`,
  notEarlier: (n: number) =>
    `Condition ${n} uses a question that does not come before this one (a deleted or later question, or this question itself), so it is ignored.`,
  notAnOption: (n: number, value: string, target: string, matches: 'never matches' | 'matches every answer') =>
    `Condition ${n} compares with "${value}", which is not an option of ${target}: it ${matches}.`,
  noValue: (n: number) => `Condition ${n} has no value yet.`,
  showChangesNothing: (n: number) =>
    `Condition ${n} shows the question, which it already is when no rule matches: this rule changes nothing. Choose "${MODE_LABELS['show-only-when']}" to hide the question otherwise.`,
  hideChangesNothing: (n: number) =>
    `Condition ${n} hides the question, which "${MODE_LABELS['show-only-when']}" already does when no rule matches: this rule changes nothing without a Show rule after it.`,
  neverShown: 'No rule can show this question, so respondents will never see it.',
} as const;

export interface RuleWarning {
  /** The condition it is about; absent for the question's rules as a whole. */
  conditionId?: string;
  message: string;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'A', 'A and B', 'A, B and C'. */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function targetOf(condition: Condition, earlier: readonly Question[]): { question: Question; index: number } | null {
  const index = earlier.findIndex((question) => question.id === condition.targetQuestionId);
  return index === -1 ? null : { question: earlier[index], index };
}

/** What happens when no rule matches: the mode's outcome, with the questions whose silence leads there. */
export function fallbackText(conditions: readonly Condition[], mode: ConditionMode, earlier: readonly Question[]): string {
  const outcome = mode === 'show-only-when' ? 'hidden' : 'shown';
  const waiting: Question[] = [];
  for (const condition of conditions) {
    const target = targetOf(condition, earlier);
    if (target && !VALUELESS.includes(condition.operator) && !waiting.includes(target.question)) waiting.push(target.question);
  }
  if (waiting.length === 0) return `${outcome} when no rule matches`;
  // A rule on a question hidden by its own rules is ignored, as an unanswered one is.
  const state = waiting.some((question) => question.conditions.length > 0) ? 'unanswered or hidden,' : 'unanswered';
  const names = listed(waiting.map((question) => `Question ${earlier.indexOf(question) + 1}`));
  return `${outcome} while ${names} ${waiting.length > 1 ? 'are' : 'is'} ${state} or no rule matches`;
}

/** fallbackText as a sentence of its own, as the builder's question cards show it. */
export const fallbackSentence = (conditions: readonly Condition[], mode: ConditionMode, earlier: readonly Question[]) =>
  `${capitalise(fallbackText(conditions, mode, earlier))}.`;

function clause(condition: Condition, target: { question: Question; index: number }): string {
  const value = VALUELESS.includes(condition.operator) ? '' : ` "${condition.value}"`;
  return `${VERB[condition.action ?? 'show']} when ${questionLabel(target.question, target.index)} ${OPERATOR_LABELS[condition.operator]}${value}`;
}

/**
 * The question's rules as one sentence: 'Shown when Question 1 ("…") equals "yes"; also shown while
 * Question 1 is unanswered or no rule matches.' Null for a question without rules in the default mode.
 */
export function ruleSummary(conditions: readonly Condition[], mode: ConditionMode, earlier: readonly Question[]): string | null {
  if (earlier.length === 0) return conditions.length > 0 || mode === 'show-only-when' ? RULE_ADVICE.first : null;
  if (conditions.length === 0) return mode === 'show-only-when' ? RULE_ADVICE.noRuleYet : null;
  const usable = conditions.flatMap((condition) => {
    const target = targetOf(condition, earlier);
    return target ? [{ condition, target }] : [];
  });
  const fallback = mode === 'show-only-when' ? 'hidden' : 'shown';
  if (usable.length === 0) return RULE_ADVICE.noRuleApplies(fallback);
  const clauses = usable.map(({ condition, target }) => clause(condition, target)).join('; ');
  const decides = usable.length > 1 ? ` (${RULE_ADVICE.firstDecides})` : '';
  const also = usable.some(({ condition }) => OUTCOME[condition.action ?? 'show'] === fallback) ? 'also ' : '';
  return `${capitalise(clauses)}${decides}; ${also}${fallbackText(conditions, mode, earlier)}.`;
}

/** The question's options a condition on it may compare with, or null when any value may do. */
function optionsOf(question: Question): string[] | null {
  if (question.type === 'yes-no') return ['yes', 'no'];
  if (CHOICE_TYPES.includes(question.type)) return question.options.filter((option) => option.trim() !== '');
  return null;
}

/** Rules that are ignored, can never match, or cannot change anything in the chosen mode. */
export function ruleWarnings(conditions: readonly Condition[], mode: ConditionMode, earlier: readonly Question[]): RuleWarning[] {
  const warnings: RuleWarning[] = [];
  const usable = conditions.map((condition) => targetOf(condition, earlier) !== null);
  const laterHas = (index: number, outcome: 'shown' | 'hidden') =>
    conditions.some((other, j) => j > index && usable[j] && OUTCOME[other.action ?? 'show'] === outcome);

  conditions.forEach((condition, index) => {
    const n = index + 1;
    const warn = (message: string) => warnings.push({ conditionId: condition.id, message });
    const target = targetOf(condition, earlier);
    if (!target) {
      warn(RULE_ADVICE.notEarlier(n));
      return;
    }
    if (!VALUELESS.includes(condition.operator) && condition.value.trim() === '') warn(RULE_ADVICE.noValue(n));
    const options = optionsOf(target.question);
    if (options && condition.value !== '' && !options.includes(condition.value)) {
      if (condition.operator === 'equals') warn(RULE_ADVICE.notAnOption(n, condition.value, `Question ${target.index + 1}`, 'never matches'));
      if (condition.operator === 'not_equals') warn(RULE_ADVICE.notAnOption(n, condition.value, `Question ${target.index + 1}`, 'matches every answer'));
    }
    // The first match decides: a rule giving the fallback's outcome matters only by stopping a later, opposite rule.
    const outcome = OUTCOME[condition.action ?? 'show'];
    if (mode === 'default' && outcome === 'shown' && !laterHas(index, 'hidden')) warn(RULE_ADVICE.showChangesNothing(n));
    if (mode === 'show-only-when' && outcome === 'hidden' && !laterHas(index, 'shown')) warn(RULE_ADVICE.hideChangesNothing(n));
  });

  if (mode === 'show-only-when' && earlier.length > 0 && conditions.length > 0 && !conditions.some((condition, index) => usable[index] && OUTCOME[condition.action ?? 'show'] === 'shown')) {
    warnings.push({ message: RULE_ADVICE.neverShown });
  }
  return warnings;
}
