import { describe, expect, it } from 'vitest';
import type { Condition } from '@domain/survey/types';
import { FEEDBACK_QUESTIONS } from './fixtures';
import { fallbackText, RULE_ADVICE, ruleSummary, ruleWarnings } from './ruleAdvice';

const { returning, satisfaction, category, improve } = FEEDBACK_QUESTIONS;
const earlier = [returning, satisfaction, category];
const rule = (id: string, details: Partial<Condition>): Condition => ({ id, targetQuestionId: returning.id, operator: 'equals', value: 'yes', action: 'show', ...details });
const showWhenYes = [rule('c1', {})];
const messages = (warnings: { message: string }[]) => warnings.map((warning) => warning.message);

describe('ruleSummary', () => {
  it('says that a Show rule in the default mode leaves the question shown while unanswered or unmatched', () => {
    expect(ruleSummary(showWhenYes, 'default', earlier)).toBe(
      'Shown when Question 1 ("Have you shopped with us before?") equals "yes"; also shown while Question 1 is unanswered or no rule matches.',
    );
  });

  it('says that Show only when hides the question until a rule matches', () => {
    expect(ruleSummary(showWhenYes, 'show-only-when', earlier)).toBe(
      'Shown when Question 1 ("Have you shopped with us before?") equals "yes"; hidden while Question 1 is unanswered or no rule matches.',
    );
  });

  it('names every rule in order, that the first match decides, and every question whose silence leads to the fallback', () => {
    const rules = [rule('c1', { action: 'hide', value: 'no' }), rule('c2', { targetQuestionId: improve.id }), rule('c3', { targetQuestionId: satisfaction.id, operator: 'greater_than', value: '3', action: 'skip' })];
    expect(ruleSummary(rules, 'default', [...earlier, improve])).toBe(
      'Hidden when Question 1 ("Have you shopped with us before?") equals "no"; shown when Question 4 ("What could we have done better?") equals "yes"; ' +
        'skipped when Question 2 ("How satisfied are you with your visit?") is greater than "3" (the first rule that matches decides); ' +
        'also shown while Question 1, Question 4 and Question 2 are unanswered or hidden, or no rule matches.',
    );
  });

  it('says nothing for a question without rules, and what the mode does when no rule can apply', () => {
    expect(ruleSummary([], 'default', earlier)).toBeNull();
    expect(ruleSummary([], 'show-only-when', earlier)).toBe(RULE_ADVICE.noRuleYet);
    expect(ruleSummary([rule('c1', { targetQuestionId: 'gone' })], 'default', earlier)).toBe(RULE_ADVICE.noRuleApplies('shown'));
    expect(ruleSummary([rule('c1', { targetQuestionId: 'gone' })], 'show-only-when', earlier)).toBe(RULE_ADVICE.noRuleApplies('hidden'));
  });

  it('says that the first question is always shown, as the engine does', () => {
    expect(ruleSummary([], 'default', [])).toBeNull();
    expect(ruleSummary([], 'show-only-when', [])).toBe(RULE_ADVICE.first);
    expect(ruleSummary(showWhenYes, 'show-only-when', [])).toBe(RULE_ADVICE.first);
    expect(messages(ruleWarnings(showWhenYes, 'show-only-when', []))).toEqual([RULE_ADVICE.notEarlier(1)]);
  });

  it('leaves out of the fallback the questions that is_empty rules test, since they decide unanswered too', () => {
    expect(fallbackText([rule('c1', { operator: 'is_empty', value: '' })], 'show-only-when', earlier)).toBe('hidden when no rule matches');
  });
});

describe('ruleWarnings', () => {
  it('warns that a Show rule changes nothing in the default mode, and not once Show only when is chosen', () => {
    expect(ruleWarnings(showWhenYes, 'default', earlier)).toEqual([{ conditionId: 'c1', message: RULE_ADVICE.showChangesNothing(1) }]);
    expect(ruleWarnings(showWhenYes, 'show-only-when', earlier)).toEqual([]);
  });

  it('keeps quiet about a Show rule that stops a later Hide rule', () => {
    const rules = [rule('c1', {}), rule('c2', { operator: 'not_equals', action: 'hide' })];
    expect(ruleWarnings(rules, 'default', earlier)).toEqual([]);
  });

  it('warns that a Hide rule changes nothing in Show only when without a Show rule after it, and that nothing can show the question', () => {
    const rules = [rule('c1', { action: 'hide' })];
    expect(messages(ruleWarnings(rules, 'show-only-when', earlier))).toEqual([RULE_ADVICE.hideChangesNothing(1), RULE_ADVICE.neverShown]);
    expect(ruleWarnings([...rules, rule('c2', { value: 'no' })], 'show-only-when', earlier)).toEqual([]);
  });

  it('warns about a rule on a deleted, later or the same question, which is ignored', () => {
    const rules = [rule('c1', { targetQuestionId: 'gone' }), rule('c2', { targetQuestionId: improve.id, action: 'hide' })];
    expect(ruleWarnings(rules, 'default', earlier)).toEqual([
      { conditionId: 'c1', message: RULE_ADVICE.notEarlier(1) },
      { conditionId: 'c2', message: RULE_ADVICE.notEarlier(2) },
    ]);
    // In Show only when, a rule that can never apply leaves the question hidden for good.
    expect(messages(ruleWarnings([rule('c1', { targetQuestionId: 'gone' })], 'show-only-when', earlier))).toEqual([RULE_ADVICE.notEarlier(1), RULE_ADVICE.neverShown]);
  });

  it('warns about a value that is no longer an option of its question, and a missing value', () => {
    const rules = [
      rule('c1', { targetQuestionId: category.id, value: 'Lighting' }),
      rule('c2', { targetQuestionId: category.id, operator: 'not_equals', value: 'Lighting', action: 'hide' }),
      rule('c3', { value: 'Yes' }),
      rule('c4', { targetQuestionId: satisfaction.id, value: ' ' }),
      rule('c5', { targetQuestionId: category.id, operator: 'contains', value: 'Light' }),
    ];
    expect(messages(ruleWarnings(rules, 'show-only-when', earlier))).toEqual([
      RULE_ADVICE.notAnOption(1, 'Lighting', 'Question 3', 'never matches'),
      RULE_ADVICE.notAnOption(2, 'Lighting', 'Question 3', 'matches every answer'),
      RULE_ADVICE.notAnOption(3, 'Yes', 'Question 1', 'never matches'),
      RULE_ADVICE.noValue(4),
    ]);
  });
});
