import { describe, expect, it } from 'vitest';
import { newQuestion } from './defaults';
import type { Answers, Condition, ConditionMode, ConditionOperator, Question } from './types';
import { answersOfVisible, conditionMatches, visibleQuestionIds } from './visibility';

function question(id: string, conditions: Omit<Condition, 'id'>[] = [], conditionMode?: ConditionMode): Question {
  return {
    ...newQuestion('text', id),
    title: id,
    conditions: conditions.map((condition, index) => ({ ...condition, id: `${id}_c${index}` })),
    ...(conditionMode ? { conditionMode } : {}),
  };
}

const visible = (questions: Question[], answers: Answers) => [...visibleQuestionIds(questions, answers)];

describe('conditionMatches on scalar answers', () => {
  const cases: [ConditionOperator, string | number, string, boolean][] = [
    ['equals', 'Yes', 'Yes', true],
    ['equals', 'Yes', 'yes', false],
    ['equals', 5, '5', true],
    ['equals', '5.0', '5', true],
    ['not_equals', 'a', 'b', true],
    ['not_equals', 'a', 'a', false],
    ['contains', 'Great Service', 'service', true],
    ['contains', 'Great', 'bad', false],
    ['not_contains', 'Great', 'bad', true],
    ['not_contains', 'Great', 'GREAT', false],
    ['greater_than', '7', '5', true],
    ['greater_than', 5, '5', false],
    ['less_than', '3', '5', true],
    ['less_than', 'abc', '5', false],
    ['greater_equal', 5, '5', true],
    ['greater_equal', 4, '5', false],
    ['less_equal', 5, '5', true],
    ['less_equal', 6, '5', false],
    ['is_empty', '  ', '', true],
    ['is_empty', 'x', '', false],
    ['is_not_empty', 'x', '', true],
    ['is_not_empty', '', '', false],
  ];
  it.each(cases)('%s(%j, %j) is %s', (operator, answer, value, expected) => {
    expect(conditionMatches(operator, answer, value)).toBe(expected);
  });
});

describe('conditionMatches on array answers', () => {
  const answer = ['Email', 'Phone'];
  it('uses membership for equals and not_equals', () => {
    expect(conditionMatches('equals', answer, 'Email')).toBe(true);
    expect(conditionMatches('equals', answer, 'email')).toBe(false);
    expect(conditionMatches('not_equals', answer, 'Chat')).toBe(true);
    expect(conditionMatches('not_equals', answer, 'Phone')).toBe(false);
  });
  it('compares contains case-insensitively on any item', () => {
    expect(conditionMatches('contains', answer, 'PHO')).toBe(true);
    expect(conditionMatches('contains', answer, 'chat')).toBe(false);
    expect(conditionMatches('not_contains', answer, 'chat')).toBe(true);
    expect(conditionMatches('not_contains', answer, 'mail')).toBe(false);
  });
  it('supports no other comparison', () => {
    for (const operator of ['greater_than', 'less_than', 'greater_equal', 'less_equal'] as const) {
      expect(conditionMatches(operator, ['7'], '5')).toBe(false);
    }
  });
  it('treats an empty list as empty', () => {
    expect(conditionMatches('is_empty', [], '')).toBe(true);
    expect(conditionMatches('is_not_empty', ['a'], '')).toBe(true);
  });
});

describe('visibleQuestionIds', () => {
  it('always shows the first question and questions without conditions', () => {
    const first = question('q1', [{ targetQuestionId: 'q0', operator: 'equals', value: 'x', action: 'hide' }]);
    expect(visible([first, question('q2')], {})).toEqual(['q1', 'q2']);
  });

  it('ignores a condition whose target has no answer or an empty one', () => {
    const questions = [question('q1'), question('q2', [{ targetQuestionId: 'q1', operator: 'equals', value: 'no', action: 'hide' }])];
    expect(visible(questions, {})).toEqual(['q1', 'q2']);
    expect(visible(questions, { q1: '' })).toEqual(['q1', 'q2']);
    expect(visible(questions, { q1: [] })).toEqual(['q1', 'q2']);
    expect(visible(questions, { q1: 'no' })).toEqual(['q1']);
  });

  it('lets the first matching condition decide', () => {
    const questions = [
      question('q1'),
      question('q2', [
        { targetQuestionId: 'q1', operator: 'contains', value: 'a', action: 'show' },
        { targetQuestionId: 'q1', operator: 'contains', value: 'b', action: 'hide' },
      ]),
    ];
    expect(visible(questions, { q1: 'ab' })).toEqual(['q1', 'q2']);
    expect(visible(questions, { q1: 'b' })).toEqual(['q1']);
  });

  it('treats a condition without an action as show, and skip as hide', () => {
    const questions = [
      question('q1'),
      question('q2', [{ targetQuestionId: 'q1', operator: 'equals', value: 'x' }]),
      question('q3', [{ targetQuestionId: 'q1', operator: 'equals', value: 'x', action: 'skip' }]),
    ];
    expect(visible(questions, { q1: 'x' })).toEqual(['q1', 'q2']);
  });

  it('shows the question when no condition matches', () => {
    const questions = [question('q1'), question('q2', [{ targetQuestionId: 'q1', operator: 'equals', value: 'x', action: 'hide' }])];
    expect(visible(questions, { q1: 'y' })).toEqual(['q1', 'q2']);
  });

  it('ignores conditions on hidden, later or deleted questions', () => {
    const questions = [
      question('q1'),
      question('q2', [{ targetQuestionId: 'q1', operator: 'equals', value: 'hide', action: 'hide' }]),
      question('q3', [
        { targetQuestionId: 'q2', operator: 'equals', value: 'stale', action: 'hide' },
        { targetQuestionId: 'q4', operator: 'equals', value: 'later', action: 'hide' },
        { targetQuestionId: 'gone', operator: 'is_empty', value: '', action: 'hide' },
      ]),
      question('q4'),
    ];
    // q2 is hidden, so its (stale) answer no longer hides q3.
    expect(visible(questions, { q1: 'hide', q2: 'stale', q4: 'later' })).toEqual(['q1', 'q3', 'q4']);
    expect(visible(questions, { q1: 'keep', q2: 'stale' })).toEqual(['q1', 'q2', 'q4']);
  });

  it('evaluates is_empty on an unanswered visible question', () => {
    const questions = [question('q1'), question('q2', [{ targetQuestionId: 'q1', operator: 'is_empty', value: '', action: 'hide' }])];
    expect(visible(questions, {})).toEqual(['q1']);
    expect(visible(questions, { q1: 'x' })).toEqual(['q1', 'q2']);
  });

  it('keeps only the answers of visible questions', () => {
    const questions = [question('q1'), question('q2', [{ targetQuestionId: 'q1', operator: 'equals', value: 'no', action: 'hide' }])];
    expect(answersOfVisible(questions, { q1: 'no', q2: 'left over', extra: 'x' })).toEqual({ q1: 'no' });
    expect(answersOfVisible(questions, { q1: 'yes', q2: 'kept', })).toEqual({ q1: 'yes', q2: 'kept' });
  });
});

describe('the two condition modes', () => {
  const showWhenYes = (mode?: ConditionMode) => [
    question('q1'),
    question('q2', [{ targetQuestionId: 'q1', operator: 'equals', value: 'yes', action: 'show' }], mode),
  ];

  it('default (the specification): a Show rule leaves the question shown whether or not it matches', () => {
    for (const mode of [undefined, 'default'] as const) {
      expect(visible(showWhenYes(mode), {})).toEqual(['q1', 'q2']);
      expect(visible(showWhenYes(mode), { q1: 'no' })).toEqual(['q1', 'q2']);
      expect(visible(showWhenYes(mode), { q1: 'yes' })).toEqual(['q1', 'q2']);
    }
  });

  it('Show only when: hidden while the target is unanswered or no rule matches, shown when a Show rule matches', () => {
    const questions = showWhenYes('show-only-when');
    expect(visible(questions, {})).toEqual(['q1']);
    expect(visible(questions, { q1: '  ' })).toEqual(['q1']);
    expect(visible(questions, { q1: 'no' })).toEqual(['q1']);
    expect(visible(questions, { q1: 'yes' })).toEqual(['q1', 'q2']);
  });

  it('Show only when: the first matching rule still decides, so a Hide rule before a Show rule wins', () => {
    const questions = [
      question('q1'),
      question(
        'q2',
        [
          { targetQuestionId: 'q1', operator: 'contains', value: 'spam', action: 'hide' },
          { targetQuestionId: 'q1', operator: 'contains', value: 'a', action: 'show' },
        ],
        'show-only-when',
      ),
    ];
    expect(visible(questions, { q1: 'apple' })).toEqual(['q1', 'q2']);
    expect(visible(questions, { q1: 'spam and apple' })).toEqual(['q1']);
    expect(visible(questions, { q1: 'kiwi' })).toEqual(['q1']);
  });

  it('Show only when: a rule on a hidden, later or deleted question never shows it, so hiding cascades', () => {
    const questions = [
      question('q1'),
      question('q2', [{ targetQuestionId: 'q1', operator: 'equals', value: 'yes' }], 'show-only-when'),
      question('q3', [{ targetQuestionId: 'q2', operator: 'is_not_empty', value: '' }], 'show-only-when'),
      question('q4', [
        { targetQuestionId: 'q5', operator: 'equals', value: 'x', action: 'show' },
        { targetQuestionId: 'gone', operator: 'is_empty', value: '', action: 'show' },
      ], 'show-only-when'),
      question('q5'),
    ];
    expect(visible(questions, { q1: 'no', q2: 'stale', q5: 'x' })).toEqual(['q1', 'q5']);
    expect(visible(questions, { q1: 'yes', q2: 'answered' })).toEqual(['q1', 'q2', 'q3', 'q5']);
  });

  it('shows the first question and a question without rules in either mode', () => {
    const questions = [
      question('q1', [{ targetQuestionId: 'q0', operator: 'equals', value: 'x' }], 'show-only-when'),
      question('q2', [], 'show-only-when'),
    ];
    expect(visible(questions, {})).toEqual(['q1', 'q2']);
  });

  it('drops the answer of a question that Show only when hides, as submissions and the server do', () => {
    const questions = showWhenYes('show-only-when');
    expect(answersOfVisible(questions, { q1: 'no', q2: 'typed before changing q1' })).toEqual({ q1: 'no' });
    expect(answersOfVisible(questions, { q1: 'yes', q2: 'kept' })).toEqual({ q1: 'yes', q2: 'kept' });
  });
});
