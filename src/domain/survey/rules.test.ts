import { describe, expect, it } from 'vitest';
import { answerError } from './answers';
import { conditionProblems, publishProblems } from './check';
import {
  DEFAULT_BUTTON,
  DEFAULT_DISPLAY,
  DEFAULT_GLOBAL_IDENTIFIERS,
  DEFAULT_LAYOUT,
  DEFAULT_LOGO,
  DEFAULT_THEME,
  DEFAULT_WIDGET,
  defaultDisplayTriggers,
  defaultSurvey,
  newQuestion,
} from './defaults';
import { ageLabel, earliestDayAnywhere, effectiveStatus, END_CONDITION_MAX, endConditionError, endConditionLabel, endedLabel } from './lifecycle';
import { ANSWER_MESSAGES } from './messages';
import { regexPatternError } from './regexSafety';
import { delaySeconds, parseUrlPatterns, urlMatches } from './targeting';
import type { Question, QuestionType } from './types';

const titled = (type: QuestionType, id: string, patch: Partial<Question> = {}): Question => ({
  ...newQuestion(type, id),
  title: `Question ${id}`,
  ...patch,
});

describe('the defaults of section 9', () => {
  it('gives a new survey its title, description and settings', () => {
    const survey = defaultSurvey();
    expect(survey.title).toBe('My Survey');
    expect(survey.description).toBe('Please answer the following questions');
    expect(survey.questions).toEqual([]);
    expect(survey.settings).toEqual({ theme: DEFAULT_THEME, layout: DEFAULT_LAYOUT, display: DEFAULT_DISPLAY, logo: DEFAULT_LOGO });
  });

  it('keeps the theme, layout, display and logo values', () => {
    expect(DEFAULT_THEME).toEqual({
      primaryColor: '#007bff',
      secondaryColor: '#6c757d',
      backgroundColor: '#ffffff',
      textColor: '#333333',
      buttonBackgroundColor: '#007bff',
      fontFamily: 'Arial',
      borderRadius: '8px',
      titleAlignment: 'center',
      questionAlignment: 'left',
    });
    expect(DEFAULT_LAYOUT).toEqual({ width: '100%', maxWidth: '600px', padding: '20px' });
    expect(DEFAULT_DISPLAY).toEqual({ viewMode: 'scroll', showProgress: true, allowBackNavigation: true });
    expect(DEFAULT_LOGO).toMatchObject({ enabled: false, width: '200px', height: 'auto', position: 'top', objectFit: 'contain', borderRadius: '0px', opacity: 1 });
  });

  it('keeps the button, widget, identifier and targeting values', () => {
    expect(DEFAULT_BUTTON).toEqual({
      text: 'Take Survey',
      backgroundColor: '#007bff',
      textColor: '#ffffff',
      borderRadius: '8px',
      fontSize: '16px',
      padding: '12px 24px',
      hoverColor: '#0056b3',
    });
    expect(DEFAULT_WIDGET).toMatchObject({ displayMode: 'button', position: 'bottom-right', autoOpen: false, delay: 0 });
    expect(DEFAULT_GLOBAL_IDENTIFIERS.identifierTypes).toEqual(['email']);
    expect(DEFAULT_GLOBAL_IDENTIFIERS.identifierFields).toEqual({ email: 'user_email', uuid: 'user_id', custom: 'custom_field' });
    const triggers = defaultDisplayTriggers();
    expect(triggers).toMatchObject({ showPercentage: 100, percentageMethod: 'random', deviceTarget: 'all' });
    expect(triggers.timeRules.timeOfDay).toEqual({ start: '00:00', end: '23:59' });
  });

  it('gives each question type its defaults', () => {
    expect(newQuestion('text').settings).toEqual({ placeholder: 'Enter your answer...', minLength: 0, maxLength: 1000 });
    expect(newQuestion('rating').settings).toMatchObject({ minValue: 1, maxValue: 5 });
    expect(newQuestion('number').settings).toMatchObject({ minValue: 0, maxValue: 10, step: 1 });
    expect(newQuestion('dropdown').options).toEqual(['Option 1', 'Option 2']);
    expect(newQuestion('date').settings.dateFormat).toBe('date');
    expect(newQuestion('yes-no').options).toEqual([]);
  });
});

describe('answerError', () => {
  it('asks for a required answer', () => {
    expect(answerError(titled('text', 'a', { required: true }), '  ')).toBe(ANSWER_MESSAGES.required);
    expect(answerError(titled('checkbox', 'a', { required: true }), [])).toBe(ANSWER_MESSAGES.required);
    expect(answerError(titled('text', 'a'), undefined)).toBeNull();
  });

  it('checks text length and e-mail form', () => {
    const text = titled('text', 'a', { settings: { minLength: 3, maxLength: 5 } });
    expect(answerError(text, 'ab')).toBe(ANSWER_MESSAGES.tooShort(3));
    expect(answerError(text, 'abcdef')).toBe(ANSWER_MESSAGES.tooLong(5));
    expect(answerError(text, 'abcd')).toBeNull();
    expect(answerError(titled('email', 'e'), 'not-an-address')).toBe(ANSWER_MESSAGES.email);
    expect(answerError(titled('email', 'e'), 'ada@example.com')).toBeNull();
  });

  it('checks number range and step, ratings from 1 to maxValue', () => {
    const number = titled('number', 'n', { settings: { min: 0, max: 10, step: 0.5 } });
    expect(answerError(number, 'abc')).toBe(ANSWER_MESSAGES.number);
    expect(answerError(number, 11)).toBe(ANSWER_MESSAGES.range(0, 10));
    expect(answerError(number, 2.25)).toBe(ANSWER_MESSAGES.step(0.5));
    expect(answerError(number, '2.5')).toBeNull();
    const rating = titled('rating', 'r', { settings: { maxValue: 10 } });
    expect(answerError(rating, 10)).toBeNull();
    expect(answerError(rating, 0)).toBe(ANSWER_MESSAGES.rating(10));
    expect(answerError(rating, 11)).toBe(ANSWER_MESSAGES.rating(10));
  });

  it('accepts only the options, lowercase yes/no, and real dates in the chosen format', () => {
    expect(answerError(titled('dropdown', 'd'), 'Option 3')).toBe(ANSWER_MESSAGES.option);
    expect(answerError(titled('dropdown', 'd'), 'Option 2')).toBeNull();
    expect(answerError(titled('checkbox', 'c'), ['Option 1', 'Other'])).toBe(ANSWER_MESSAGES.option);
    expect(answerError(titled('checkbox', 'c'), 'Option 1')).toBe(ANSWER_MESSAGES.option);
    expect(answerError(titled('yes-no', 'y'), 'Yes')).toBe(ANSWER_MESSAGES.yesNo);
    expect(answerError(titled('yes-no', 'y'), 'no')).toBeNull();
    expect(answerError(titled('date', 'd'), '2026-02-30')).toBe(ANSWER_MESSAGES.date);
    expect(answerError(titled('date', 'd'), '2026-02-28')).toBeNull();
    expect(answerError(titled('date', 't', { settings: { dateFormat: 'time' } }), '25:00')).toBe(ANSWER_MESSAGES.time);
    expect(answerError(titled('date', 'dt', { settings: { dateFormat: 'datetime-local' } }), '2026-03-01T09:30')).toBeNull();
  });
});

describe('publishProblems', () => {
  it('refuses an empty survey and an empty title', () => {
    const survey = { ...defaultSurvey(), title: ' ' };
    expect(publishProblems(survey).map((p) => p.message)).toEqual(['The survey needs a title.', 'Add at least one question before publishing.']);
  });

  it('names the question without options or with a condition on a later question', () => {
    const survey = {
      ...defaultSurvey(),
      questions: [
        titled('text', 'q1', { conditions: [{ id: 'c', targetQuestionId: 'q2', operator: 'equals', value: 'x' }] }),
        titled('dropdown', 'q2', { options: [' '] }),
      ],
    };
    expect(publishProblems(survey).map((p) => p.message)).toEqual([
      'Question 2 ("Question q2") is a choice question without options.',
      'Question 1 ("Question q1") has a condition on Question 2 ("Question q2"), which does not come before it. Conditions may only use earlier questions.',
    ]);
  });

  it('flags a condition whose target was deleted', () => {
    const questions = [titled('text', 'q1'), titled('text', 'q2', { conditions: [{ id: 'c', targetQuestionId: 'gone', operator: 'equals', value: 'x' }] })];
    expect(conditionProblems(questions)).toEqual([
      { questionId: 'q2', message: 'Question 2 ("Question q2") has a condition on a question that no longer exists.' },
    ]);
  });

  it('passes a complete survey', () => {
    const survey = {
      ...defaultSurvey(),
      questions: [titled('yes-no', 'q1'), titled('text', 'q2', { conditions: [{ id: 'c', targetQuestionId: 'q1', operator: 'equals', value: 'yes' }] })],
    };
    expect(publishProblems(survey)).toEqual([]);
  });
});

describe('the lifecycle of a published survey', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('checks the start modal', () => {
    expect(endConditionError('date', '', '2026-11-22')).toBe('Please select an end date');
    expect(endConditionError('date', '2026-11-21', '2026-11-22')).toBe('Please select an end date');
    expect(endConditionError('date', '2026-11-22', '2026-11-22')).toBeNull();
    expect(endConditionError('days', '0', '2026-11-22')).toBe('Please enter a valid number of days');
    expect(endConditionError('days', 1.5, '2026-11-22')).toBe('Please enter a valid number of days');
    expect(endConditionError('responses', 'abc', '2026-11-22')).toBe('Please enter a valid number of responses');
    expect(endConditionError('responses', '100', '2026-11-22')).toBeNull();
    // Only real calendar days, and numbers within ten years and a hundred million responses.
    expect(endConditionError('date', '2099-02-30', '2026-11-22')).toBe('Please select an end date');
    expect(endConditionError('date', '2099-02-28', '2026-11-22')).toBeNull();
    expect(endConditionError('days', 1_000_000_000, '2026-11-22')).toBe('Please enter a valid number of days');
    expect(endConditionError('days', END_CONDITION_MAX.days, '2026-11-22')).toBeNull();
    expect(endConditionError('responses', END_CONDITION_MAX.responses + 1, '2026-11-22')).toBe('Please enter a valid number of responses');
  });

  it('takes the earliest date on any calendar as today: UTC-12, where a day ends last', () => {
    expect(earliestDayAnywhere(new Date('2026-06-15T11:59:59.999Z'))).toBe('2026-06-14');
    expect(earliestDayAnywhere(new Date('2026-06-15T12:00:00.000Z'))).toBe('2026-06-15');
  });

  it('ends a survey after its date, its days, or its responses', () => {
    const running = { status: 'active' as const, startedAt: '2026-11-10T12:00:00Z', responseCount: 4 };
    expect(effectiveStatus({ ...running, endCondition: { type: 'date', value: '2026-11-22' } }, now)).toBe('active');
    expect(effectiveStatus({ ...running, endCondition: { type: 'date', value: '2026-11-21' } }, now)).toBe('inactive');
    expect(effectiveStatus({ ...running, endCondition: { type: 'days', value: 13 } }, now)).toBe('active');
    expect(effectiveStatus({ ...running, endCondition: { type: 'days', value: 12 } }, now)).toBe('inactive');
    expect(effectiveStatus({ ...running, endCondition: { type: 'responses', value: 5 } }, now)).toBe('active');
    expect(effectiveStatus({ ...running, endCondition: { type: 'responses', value: 4 } }, now)).toBe('inactive');
    expect(effectiveStatus({ ...running, status: 'inactive', endCondition: null }, now)).toBe('inactive');
  });

  it('describes age and end condition as the cards show them', () => {
    expect(ageLabel(null, now)).toBe('Unknown');
    expect(ageLabel('2026-11-22T11:30:00Z', now)).toBe('Less than 1 hour');
    expect(ageLabel('2026-11-22T07:00:00Z', now)).toBe('5 hours');
    expect(ageLabel('2026-11-21T11:00:00Z', now)).toBe('1 day');
    expect(endConditionLabel({ status: 'active', startedAt: null, endCondition: { type: 'date', value: '2026-12-01' } }, now)).toBe('Ends: 2026-12-01');
    expect(endConditionLabel({ status: 'active', startedAt: '2026-11-20T12:00:00Z', endCondition: { type: 'days', value: 5 } }, now)).toBe('Ends in: 3 day(s)');
    expect(endConditionLabel({ status: 'inactive', startedAt: null, endCondition: { type: 'days', value: 5 } }, now)).toBe('Ends in: 5 day(s)');
    expect(endConditionLabel({ status: 'active', startedAt: null, endCondition: { type: 'responses', value: 50 } }, now)).toBe('Ends at: 50 response(s)');
    expect(endConditionLabel({ status: 'active', startedAt: null, endCondition: null }, now)).toBeNull();
  });

  it('says when an ended survey ended, never days still to go', () => {
    expect(endedLabel({ startedAt: '2026-11-01T09:00:00Z', endCondition: { type: 'days', value: 14 } })).toBe('Ended: 2026-11-15');
    expect(endedLabel({ startedAt: '2026-11-01T00:00:00Z', endCondition: { type: 'days', value: 14 } })).toBe('Ended: 2026-11-14');
    expect(endedLabel({ startedAt: null, endCondition: { type: 'date', value: '2026-11-20' } })).toBe('Ended: 2026-11-20');
    expect(endedLabel({ startedAt: null, endCondition: { type: 'responses', value: 300 } })).toBe('Ended at: 300 response(s)');
  });
});

describe('targeting rules', () => {
  it('turns non-numbers into 0 and keeps the delay within 0-60', () => {
    expect(delaySeconds('abc')).toBe(0);
    expect(delaySeconds('12')).toBe(12);
    expect(delaySeconds(90)).toBe(60);
    expect(delaySeconds(-3)).toBe(0);
  });

  it('reads URL patterns one per line without blanks', () => {
    expect(parseUrlPatterns('/pricing\n\n  /blog \r\n   ')).toEqual(['/pricing', '/blog']);
  });

  it('matches pages by each match type', () => {
    const url = 'https://shop.example.com/products/42';
    expect(urlMatches(url, '/products', 'contains')).toBe(true);
    expect(urlMatches(url, 'https://shop.example.com/products', 'exact')).toBe(false);
    expect(urlMatches(url, 'https://shop.example.com/', 'starts-with')).toBe(true);
    expect(urlMatches(url, '/products/\\d+$', 'regex')).toBe(true);
    expect(urlMatches(url, '([', 'regex')).toBe(false);
  });

  it('refuses invalid and catastrophic regular expressions', () => {
    expect(regexPatternError('/products/\\d+$')).toBeNull();
    expect(regexPatternError('([')).toBe('"([" is not a valid regular expression');
    expect(regexPatternError('(a+)+$')).toMatch(/could take too long/);
    // Overlapping alternatives under a star: a link of 28 "a" and a "!" took 11 s in a browser.
    expect(regexPatternError('(a|a)*$')).toMatch(/could take too long/);
    expect(regexPatternError('^/(?:shop|store)+/')).toMatch(/could take too long/);
    expect(regexPatternError('(a)\\1')).toMatch(/could take too long/);
    // What targeting usually needs stays allowed: alternatives outside a repetition, classes under one.
    expect(regexPatternError('^/(shop|store)/[a-z-]+/\\d+$')).toBeNull();
    expect(regexPatternError('^https?://[^/]+/blog/.*')).toBeNull();
    expect(regexPatternError('(?:ab)+c')).toBeNull();
  });
});
