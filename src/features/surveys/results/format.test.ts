import { describe, expect, it } from 'vitest';
import { answerText, formatDuration } from './format';

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [59.6, '1 min'],
    [80, '1 min 20 s'],
    [120, '2 min'],
    [3_600, '1 h'],
    [3_725, '1 h 2 min'],
    [null, '—'],
  ])('writes %s seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('answerText', () => {
  it('joins multi-select answers as the CSV export does', () => {
    expect(answerText(['Planters', 'Seeds'])).toBe('Planters; Seeds');
    expect(answerText(4)).toBe('4');
    expect(answerText(undefined)).toBe('');
  });
});
