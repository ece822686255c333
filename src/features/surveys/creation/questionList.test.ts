import { describe, expect, it } from 'vitest';
import { conditionProblems } from '@domain/survey/check';
import { newQuestion } from '@domain/survey/defaults';
import type { Question } from '@domain/survey/types';
import { dataTypesUsedByOthers, duplicateQuestion, earlierQuestions, moveQuestion, removeQuestion } from './questionList';

function question(id: string, extra: Partial<Question> = {}): Question {
  return { ...newQuestion('text', id), title: id.toUpperCase(), ...extra };
}

const a = question('a', { dataType: 'dt-email' });
const b = question('b', { conditions: [{ id: 'c1', targetQuestionId: 'a', operator: 'equals', value: 'x', action: 'show' }] });
const c = question('c');

describe('question list changes', () => {
  it('keeps conditions when their target is deleted, and the logic check reports them', () => {
    const left = removeQuestion([a, b, c], 'a');
    expect(left.map((q) => q.id)).toEqual(['b', 'c']);
    expect(left[0].conditions).toHaveLength(1);
    expect(conditionProblems(left)).toHaveLength(1);
  });

  it('keeps conditions when a question moves before its target, and the logic check reports them', () => {
    const moved = moveQuestion([a, b, c], 'b', 'a');
    expect(moved.map((q) => q.id)).toEqual(['b', 'a', 'c']);
    expect(moved[0].conditions).toHaveLength(1);
    expect(conditionProblems(moved)[0].questionId).toBe('b');
  });

  it('duplicates after the original with fresh ids and no data type', () => {
    const list = duplicateQuestion([a, b, c], 'a');
    expect(list).toHaveLength(4);
    expect(list[1]).toMatchObject({ title: 'A (Copy)', dataType: null });
    expect(list[1].id).not.toBe('a');
    const withCondition = duplicateQuestion([a, b], 'b');
    expect(withCondition[2].conditions[0].id).not.toBe('c1');
    expect(withCondition[2].conditions[0].targetQuestionId).toBe('a');
  });

  it('offers only earlier questions to conditions', () => {
    expect(earlierQuestions([a, b, c], 'b').map((q) => q.id)).toEqual(['a']);
    expect(earlierQuestions([a, b, c], 'new').map((q) => q.id)).toEqual(['a', 'b', 'c']);
  });

  it('names the data types other questions fill', () => {
    expect([...dataTypesUsedByOthers([a, b], 'b')]).toEqual(['dt-email']);
    expect([...dataTypesUsedByOthers([a, b], 'a')]).toEqual([]);
  });
});
