/** Public surveys as the loader receives them, for the widget's tests and stories. */
import type { IdentifierRule, PublicSurvey, PublicSurveyBundle } from '@domain/survey/collection';
import { defaultDisplayTriggers, defaultEmbedSettings, DEFAULT_IDENTIFIER_FIELDS } from '@domain/survey/defaults';
import type { ButtonStyle, DisplayTriggers, EmbedSettings, Survey, WidgetSettings } from '@domain/survey/types';
import { question, survey } from '../renderer/fixtures';

/** A short real-life survey: a rating, a follow-up for low ratings, a yes/no. */
export const feedbackSurvey: Survey = survey(
  [
    question('rating', 'rating', 'How easy was it to find what you needed?', { required: true }),
    question('textarea', 'missing', 'What was missing?', {
      conditions: [{ id: 'low', targetQuestionId: 'rating', operator: 'less_than', value: '4', action: 'show' }, { id: 'high', targetQuestionId: 'rating', operator: 'greater_equal', value: '4', action: 'hide' }],
    }),
    question('yes-no', 'recommend', 'Would you recommend Acme Outdoor to a friend?'),
  ],
  { title: 'Quick feedback', description: 'Two questions about your visit today.' },
);

export interface PublicSurveyOverrides {
  id?: string;
  name?: string;
  survey?: Survey;
  widget?: Partial<WidgetSettings>;
  button?: Partial<ButtonStyle>;
  embed?: Partial<Omit<EmbedSettings, 'widget' | 'button'>>;
  triggers?: Partial<DisplayTriggers>;
  identifierRule?: Partial<IdentifierRule>;
}

export function publicSurvey(overrides: PublicSurveyOverrides = {}): PublicSurvey {
  const content = overrides.survey ?? feedbackSurvey;
  const embed = defaultEmbedSettings(content.settings);
  return {
    id: overrides.id ?? 'survey-1',
    name: overrides.name ?? 'Checkout feedback',
    updatedAt: '2026-03-01T09:00:00.000Z',
    survey: content,
    embedSettings: {
      ...embed,
      ...overrides.embed,
      widget: { ...embed.widget, displayMode: 'overlay', ...overrides.widget },
      button: { ...embed.button, ...overrides.button },
    },
    displayTriggers: { ...defaultDisplayTriggers(), ...overrides.triggers },
    identifierRule: { requireIdentifier: false, identifierTypes: ['email'], identifierFields: { ...DEFAULT_IDENTIFIER_FIELDS }, ...overrides.identifierRule },
  };
}

export function publicBundle(surveys: PublicSurvey[], extra: Partial<PublicSurveyBundle> = {}): PublicSurveyBundle {
  return { companyId: 'company-7', surveys, trigger: { triggerType: 'event', callbackName: '', redirectUrl: '' }, cooldownDays: 0, ...extra };
}
