/** Surveys for the renderer's stories and tests. */
import { defaultSurvey, defaultSurveySettings, newQuestion } from '@domain/survey/defaults';
import type { Question, QuestionType, Survey, SurveySettings, SurveyTheme } from '@domain/survey/types';

export function question(type: QuestionType, id: string, title: string, extra: Partial<Question> = {}): Question {
  const base = newQuestion(type, id);
  return { ...base, title, ...extra, settings: { ...base.settings, ...extra.settings } };
}

export function survey(questions: Question[], overrides: Partial<Omit<Survey, 'settings'>> & { settings?: Partial<SurveySettings> } = {}): Survey {
  const base = defaultSurvey();
  const defaults = defaultSurveySettings();
  const { settings, ...rest } = overrides;
  return {
    ...base,
    title: 'Customer feedback',
    description: 'Tell us how your visit went. It takes about a minute.',
    questions,
    ...rest,
    settings: {
      theme: { ...defaults.theme, ...settings?.theme },
      layout: { ...defaults.layout, ...settings?.layout },
      display: { ...defaults.display, ...settings?.display },
      logo: { ...defaults.logo, ...settings?.logo },
    },
  };
}

/** One question of every type of the model, in the order of QUESTION_TYPES. */
export const everyTypeQuestions: Question[] = [
  question('text', 'name', 'What is your name?', { required: true, settings: { placeholder: 'Your name', minLength: 2, maxLength: 60 } }),
  question('textarea', 'story', 'Tell us about your visit', { description: 'Anything you liked or missed.' }),
  question('multiple-choice', 'channel', 'How did you hear of us?', { options: ['Search', 'A friend', 'Social media'] }),
  question('multiple_choice', 'visits', 'How often do you visit?', { options: ['Weekly', 'Monthly', 'Rarely'] }),
  question('single-choice', 'store', 'Which store did you visit?', { options: ['Downtown', 'Harbour'] }),
  question('checkbox', 'bought', 'What did you buy?', { options: ['Coffee', 'Pastry', 'Beans'] }),
  question('dropdown', 'age', 'Your age group', { options: ['18-24', '25-34', '35-54', '55+'] }),
  question('rating', 'score', 'How would you rate your visit?', { required: true }),
  question('number', 'party', 'How many people were with you?', { settings: { min: 0, max: 20, step: 1, placeholder: '0 to 20' } }),
  question('date', 'day', 'When did you visit?'),
  question('email', 'email', 'Your e-mail address', { settings: { placeholder: 'name@example.com' } }),
  question('yes-no', 'return', 'Would you come back?'),
];

export const everyTypeSurvey = survey(everyTypeQuestions);

/** A follow-up that shows only after a low rating, and one hidden when the visitor says no. */
export const conditionalSurvey = survey([
  question('rating', 'rating', 'How was your visit?', { required: true }),
  question('textarea', 'why', 'What went wrong?', {
    conditions: [{ id: 'c1', targetQuestionId: 'rating', operator: 'less_than', value: '3', action: 'show' }, { id: 'c2', targetQuestionId: 'rating', operator: 'greater_equal', value: '3', action: 'hide' }],
  }),
  question('yes-no', 'newsletter', 'Would you like our newsletter?'),
  question('email', 'address', 'Where should we send it?', {
    conditions: [{ id: 'c3', targetQuestionId: 'newsletter', operator: 'equals', value: 'no', action: 'hide' }],
  }),
]);

/** "Show only when": the follow-up stays hidden until the visitor says yes (a required one too). */
export const showOnlyWhenSurvey = survey([
  question('yes-no', 'online', 'Do you shop with us online?'),
  question('text', 'site', 'Which of our sites do you use?', {
    required: true,
    conditionMode: 'show-only-when',
    conditions: [{ id: 'c_online', targetQuestionId: 'online', operator: 'equals', value: 'yes', action: 'show' }],
  }),
  question('rating', 'overall', 'How was your last order?'),
]);

export const threeStepSurvey = survey(
  [
    question('text', 'first', 'What brought you here today?', { required: true }),
    question('yes-no', 'found', 'Did you find what you needed?'),
    question('rating', 'recommend', 'How likely are you to recommend us?', { settings: { maxValue: 10 } }),
  ],
  { settings: { display: { viewMode: 'carousel', showProgress: true, allowBackNavigation: true } } },
);

/** Themes of the styling editor: every colour pair reads at 4.5:1 or better. */
export const THEMES: Record<'dark' | 'serif' | 'rounded', Partial<SurveyTheme>> = {
  dark: {
    primaryColor: '#7dd3c0',
    secondaryColor: '#b8c4d6',
    backgroundColor: '#1b2433',
    textColor: '#f1f4f9',
    buttonBackgroundColor: '#7dd3c0',
    fontFamily: 'Verdana',
  },
  serif: {
    primaryColor: '#7a3e12',
    secondaryColor: '#5b4a3a',
    backgroundColor: '#fbf6ee',
    textColor: '#2b2118',
    buttonBackgroundColor: '#7a3e12',
    fontFamily: 'Georgia',
    titleAlignment: 'left',
    questionAlignment: 'left',
  },
  rounded: {
    primaryColor: '#5b2bbf',
    secondaryColor: '#5c5670',
    backgroundColor: '#ffffff',
    textColor: '#1f1b2e',
    buttonBackgroundColor: '#5b2bbf',
    borderRadius: '20px',
    titleAlignment: 'center',
    questionAlignment: 'center',
  },
};

/** A small logo (a teal badge reading ACME), inline so stories need no server. */
export const LOGO_URL =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#0a5e68"/><text x="60" y="26" font-family="Arial" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">ACME</text></svg>',
  );
