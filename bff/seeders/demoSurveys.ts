/**
 * The demo companies' surveys: for each, two drafts and three published surveys — one running
 * until a date about a month ahead, one stopped, and one that uses every question type and a
 * condition. Dates count from the start of the current UTC day, so the same day seeds the same
 * surveys and a fresh start always shows the running one with a month to go. Every survey passes
 * surveySchema and publishProblems(), which are checked here before anything is stored.
 */
import type { EntityManager } from '@mikro-orm/core';
import { publishProblems } from '@domain/survey/check';
import { defaultDisplayTriggers, defaultEmbedSettings, defaultSurveySettings, newQuestion } from '@domain/survey/defaults';
import { isoDay } from '@domain/survey/lifecycle';
import { surveySchema } from '@domain/survey/schemas';
import type {
  DisplayTriggers,
  EmbedSettings,
  EndCondition,
  Question,
  QuestionType,
  Survey,
  SurveySettings,
  SurveyStatus,
  SurveyTheme,
} from '@domain/survey/types';
import { PublishedSurvey, SurveyDraft, type Company, type User } from '../entities';

const DAY_MS = 86_400_000;

type CompanyKey = 'navout' | 'acme' | 'globex';

export interface DemoDraft {
  name: string;
  survey: Survey;
  /** Days before today it was last saved. */
  savedDaysAgo: number;
}

export interface DemoPublished {
  name: string;
  survey: Survey;
  embedSettings: EmbedSettings;
  displayTriggers: DisplayTriggers;
  status: SurveyStatus;
  endCondition: EndCondition | null;
  publishedAt: Date;
  startedAt: Date | null;
}

export interface DemoSurveySet {
  drafts: DemoDraft[];
  published: DemoPublished[];
}

function q(type: QuestionType, id: string, title: string, details: Partial<Question> = {}): Question {
  return { ...newQuestion(type, id), title, ...details };
}

function settingsWith(theme: Partial<SurveyTheme>, details: Partial<Omit<SurveySettings, 'theme'>> = {}): SurveySettings {
  const base = defaultSurveySettings();
  return {
    theme: { ...base.theme, ...theme },
    layout: { ...base.layout, ...details.layout },
    display: { ...base.display, ...details.display },
    logo: { ...base.logo, ...details.logo },
  };
}

/** Each company's colours, so its surveys look like its own. */
const BRAND: Record<CompanyKey, Partial<SurveyTheme>> = {
  navout: { primaryColor: '#4f46e5', buttonBackgroundColor: '#4f46e5', secondaryColor: '#64748b', textColor: '#1e293b' },
  acme: { primaryColor: '#c2410c', buttonBackgroundColor: '#c2410c', secondaryColor: '#78716c', backgroundColor: '#fffaf5', textColor: '#292524', fontFamily: 'Georgia', borderRadius: '12px' },
  globex: { primaryColor: '#0f766e', buttonBackgroundColor: '#0f766e', secondaryColor: '#475569', backgroundColor: '#f8fafc', textColor: '#0f172a', fontFamily: 'Verdana', borderRadius: '6px' },
};

interface CompanyWords {
  product: string;
  productFeedback: { name: string; title: string; description: string; questions: Question[] };
  nps: { name: string; title: string; description: string; reasonTitle: string };
  onboarding: { name: string; title: string; description: string; topics: string[]; channels: string[]; goals: string[]; regions: string[] };
  drafts: Array<{ name: string; title: string; description: string; questions: Question[] }>;
  targeting: string[];
}

const WORDS: Record<CompanyKey, CompanyWords> = {
  navout: {
    product: 'Navout',
    productFeedback: {
      name: 'Dashboard feedback',
      title: 'How is the Navout dashboard working for you?',
      description: 'Tell us what helps and what gets in the way. It takes about a minute.',
      questions: [
        q('rating', 'q_ease', 'How easy is it to find what you need?', { required: true }),
        q('checkbox', 'q_used', 'Which areas do you use every week?', { options: ['Data Sources', 'CreateIQ', 'LiveIQ', 'Outbound API', 'Audience intelligence'] }),
        q('textarea', 'q_improve', 'What is the one thing we should improve next?'),
      ],
    },
    nps: { name: 'Customer NPS', title: 'How likely are you to recommend Navout?', description: 'A quick question about your experience with Navout.', reasonTitle: 'What is the main reason for your score?' },
    onboarding: {
      name: 'New customer onboarding',
      title: 'Welcome to Navout',
      description: 'Help us set up your workspace around your goals.',
      topics: ['Recommendations', 'Surveys', 'Data connections', 'API access'],
      channels: ['Website', 'Mobile app', 'E-mail', 'In store'],
      goals: ['Grow revenue', 'Understand customers', 'Reduce churn', 'Save time'],
      regions: ['North America', 'Europe', 'Asia Pacific', 'Latin America'],
    },
    drafts: [
      {
        name: 'Feature request intake',
        title: 'Request a feature',
        description: 'Describe what you need and how you would use it.',
        questions: [q('text', 'q_feature', 'What should Navout do that it does not do today?', { required: true }), q('dropdown', 'q_urgency', 'How urgent is it?', { options: ['This quarter', 'This year', 'Someday'] })],
      },
      {
        name: 'Quarterly check-in',
        title: 'Quarterly check-in',
        description: 'Five minutes to plan the next quarter together.',
        questions: [q('rating', 'q_quarter', 'How did this quarter go with Navout?')],
      },
    ],
    targeting: ['/dashboard', '/settings'],
  },
  acme: {
    product: 'Acme Retail',
    productFeedback: {
      name: 'Product feedback — home collection',
      title: 'How do you like your new purchase?',
      description: 'Your review helps other shoppers and helps us choose what to stock.',
      questions: [
        q('dropdown', 'q_category', 'What did you buy?', { required: true, options: ['Furniture', 'Kitchen & dining', 'Bedding & bath', 'Lighting', 'Decor'] }),
        q('rating', 'q_quality', 'How would you rate its quality?', { required: true }),
        q('single-choice', 'q_expectations', 'Did it match the description on our site?', { options: ['Better than described', 'As described', 'Worse than described'] }),
        q('textarea', 'q_review', 'Anything you would like to tell us about it?'),
      ],
    },
    nps: { name: 'Store NPS', title: 'How likely are you to recommend Acme Retail to a friend?', description: 'One question about your last visit, in store or online.', reasonTitle: 'What is the main reason for your score?' },
    onboarding: {
      name: 'Home style profile',
      title: 'Tell us about your home',
      description: 'We will tailor offers and ideas to the rooms you are working on.',
      topics: ['Kitchen', 'Living room', 'Bedroom', 'Home office', 'Outdoor'],
      channels: ['Our website', 'The mobile app', 'A store visit', 'Our newsletter'],
      goals: ['Redecorate', 'Replace worn items', 'Move house', 'Just browsing'],
      regions: ['Chicago', 'Milwaukee', 'Indianapolis', 'Detroit', 'Minneapolis'],
    },
    drafts: [
      {
        name: 'Delivery experience',
        title: 'How was your delivery?',
        description: 'Tell us how your order arrived.',
        questions: [
          q('yes-no', 'q_on_time', 'Did your order arrive on the promised day?', { required: true }),
          q('rating', 'q_courier', 'How would you rate the delivery team?'),
          q('textarea', 'q_delivery_notes', 'Anything we should pass on to the delivery team?'),
        ],
      },
      {
        name: 'Holiday gift guide poll',
        title: 'Help us pick this year’s gift guide',
        description: 'Vote for the products you would love to give.',
        questions: [q('checkbox', 'q_gifts', 'Which of these would you give as a gift?', { options: ['Scented candles', 'Linen throws', 'Stoneware mugs', 'Table lamps'] })],
      },
    ],
    targeting: ['/checkout/complete', '/account/orders'],
  },
  globex: {
    product: 'Globex Health',
    productFeedback: {
      name: 'Clinic visit feedback',
      title: 'How was your visit today?',
      description: 'Your answers are read by the clinic team and help us improve care.',
      questions: [
        q('dropdown', 'q_clinic', 'Which clinic did you visit?', { required: true, options: ['Longwood', 'Back Bay', 'Cambridge', 'Telehealth'] }),
        q('rating', 'q_care', 'How would you rate the care you received?', { required: true }),
        q('yes-no', 'q_wait', 'Were you seen within 15 minutes of your appointment time?'),
        q('textarea', 'q_visit_notes', 'Is there anything we could have done better?'),
      ],
    },
    nps: { name: 'Patient NPS', title: 'How likely are you to recommend Globex Health to family or friends?', description: 'One question about your care with us.', reasonTitle: 'What is the main reason for your score?' },
    onboarding: {
      name: 'New patient onboarding',
      title: 'Welcome to Globex Health',
      description: 'A few questions before your first appointment, so we can prepare.',
      topics: ['Primary care', 'Diagnostics', 'Telehealth', 'Preventive screening'],
      channels: ['Referral from a doctor', 'Insurance directory', 'Search engine', 'Friend or family'],
      goals: ['Regular check-ups', 'A specific concern', 'Managing a condition', 'Second opinion'],
      regions: ['Boston', 'Cambridge', 'Brookline', 'Somerville'],
    },
    drafts: [
      {
        name: 'Telehealth experience',
        title: 'How was your video appointment?',
        description: 'Tell us how the call went.',
        questions: [
          q('rating', 'q_video', 'How clear were the sound and picture?', { required: true }),
          q('multiple-choice', 'q_device', 'Which device did you use?', { options: ['Phone', 'Tablet', 'Computer'] }),
        ],
      },
      {
        name: 'Flu season check-in',
        title: 'Flu season check-in',
        description: 'Let us know if you would like a flu shot this season.',
        questions: [q('yes-no', 'q_flu', 'Would you like us to book a flu shot for you?')],
      },
    ],
    targeting: ['/portal/appointments', '/portal/results'],
  },
};

/** An NPS-style survey: a 0-10 score, then a reason shown to detractors and passives. */
function npsSurvey(key: CompanyKey): Survey {
  const words = WORDS[key].nps;
  return {
    title: words.title,
    description: words.description,
    questions: [
      q('number', 'q_score', 'On a scale from 0 to 10, how likely are you to recommend us?', {
        required: true,
        settings: { minValue: 0, maxValue: 10, min: 0, max: 10, step: 1, placeholder: '0 to 10' },
      }),
      q('textarea', 'q_reason', words.reasonTitle, {
        conditions: [{ id: 'c_not_promoter', targetQuestionId: 'q_score', operator: 'less_than', value: '9', action: 'show' }],
      }),
      q('yes-no', 'q_contact', 'May we contact you about your answer?'),
    ],
    settings: settingsWith(BRAND[key]),
  };
}

/** Every question type, with conditions: the follow-ups appear only for some answers. */
function onboardingSurvey(key: CompanyKey): Survey {
  const words = WORDS[key].onboarding;
  return {
    title: words.title,
    description: words.description,
    questions: [
      q('text', 'q_name', 'What should we call you?', { required: true }),
      q('email', 'q_email', 'Your e-mail address', { required: true, description: 'We only use it to send your welcome pack.' }),
      q('multiple-choice', 'q_topic', 'What brings you to us first?', { required: true, options: words.topics }),
      q('multiple_choice', 'q_channel', 'How did you hear about us?', { options: words.channels }),
      q('single-choice', 'q_goal', 'What is your main goal?', { options: words.goals }),
      q('checkbox', 'q_interests', 'Which topics should we send you ideas about?', { options: words.topics }),
      q('dropdown', 'q_region', 'Where are you based?', { options: words.regions }),
      q('rating', 'q_confidence', `How confident do you feel getting started with ${WORDS[key].product}?`, {
        settings: { minValue: 1, maxValue: 5, step: 1 },
      }),
      q('textarea', 'q_help', 'What would help you feel more confident?', {
        conditions: [{ id: 'c_low_confidence', targetQuestionId: 'q_confidence', operator: 'less_than', value: '3', action: 'show' }],
      }),
      q('number', 'q_household', 'How many people are you answering for?', {
        settings: { minValue: 1, maxValue: 20, min: 1, max: 20, step: 1, placeholder: '1' },
      }),
      q('date', 'q_start', 'When would you like to start?', { settings: { dateFormat: 'date' } }),
      q('yes-no', 'q_newsletter', 'Would you like our monthly newsletter?'),
    ],
    settings: settingsWith(BRAND[key], { display: { viewMode: 'carousel', showProgress: true, allowBackNavigation: true } }),
  };
}

function productSurvey(key: CompanyKey): Survey {
  const words = WORDS[key].productFeedback;
  return { title: words.title, description: words.description, questions: words.questions, settings: settingsWith(BRAND[key]) };
}

/** The styling and targeting of the survey that runs until a date: an overlay a while after arrival. */
function overlayStyling(survey: Survey): EmbedSettings {
  const settings = defaultEmbedSettings(survey.settings);
  settings.widget = { ...settings.widget, displayMode: 'overlay', autoOpen: true, delay: 8 };
  return settings;
}

/** A corner button at the bottom left, in the company's colours. */
function buttonStyling(survey: Survey, text: string): EmbedSettings {
  const settings = defaultEmbedSettings(survey.settings);
  const colour = survey.settings.theme.primaryColor;
  settings.button = { ...settings.button, text, backgroundColor: colour, hoverColor: survey.settings.theme.textColor };
  settings.widget = { ...settings.widget, displayMode: 'button', position: 'bottom-left' };
  return settings;
}

/** The drafts and published surveys of one company, for the UTC day of `now`. */
export function demoSurveySet(key: CompanyKey, now: Date = new Date()): DemoSurveySet {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const daysAgo = (days: number, hour = 9) => new Date(today - days * DAY_MS + hour * 3_600_000);
  const words = WORDS[key];

  const product = productSurvey(key);
  const productTriggers = defaultDisplayTriggers();
  productTriggers.behaviorTriggers = { ...productTriggers.behaviorTriggers, enabled: true, timeOnPage: 20 };
  productTriggers.cooldownDays = 30;

  const nps = npsSurvey(key);
  const npsTriggers = defaultDisplayTriggers();
  npsTriggers.showPercentage = 25;
  npsTriggers.percentageMethod = 'sticky';
  npsTriggers.holdoutPercentage = 10;

  const onboarding = onboardingSurvey(key);
  const onboardingTriggers = defaultDisplayTriggers();
  onboardingTriggers.pageTargeting = { enabled: true, urlPatterns: words.targeting, matchType: 'starts-with' };
  onboardingTriggers.userSegmentation = { ...onboardingTriggers.userSegmentation, enabled: true, visitorType: 'new' };
  onboardingTriggers.deviceTarget = 'desktop-only';

  return {
    drafts: words.drafts.map((draft, index) => ({
      name: draft.name,
      survey: { title: draft.title, description: draft.description, questions: draft.questions, settings: settingsWith(BRAND[key]) },
      savedDaysAgo: index + 1,
    })),
    published: [
      {
        name: words.productFeedback.name,
        survey: product,
        embedSettings: overlayStyling(product),
        displayTriggers: productTriggers,
        status: 'active',
        endCondition: { type: 'date', value: isoDay(new Date(today + 30 * DAY_MS)) },
        // Running for three months: InsightIQ's demo has 90 days of responses to show.
        publishedAt: daysAgo(92),
        startedAt: daysAgo(90),
      },
      {
        name: words.nps.name,
        survey: nps,
        embedSettings: defaultEmbedSettings(nps.settings),
        displayTriggers: npsTriggers,
        status: 'inactive',
        endCondition: { type: 'days', value: 14 },
        // Ran for two weeks about three months ago, before the running survey was published.
        publishedAt: daysAgo(100),
        startedAt: daysAgo(98),
      },
      {
        name: words.onboarding.name,
        survey: onboarding,
        embedSettings: buttonStyling(onboarding, 'Get started'),
        displayTriggers: onboardingTriggers,
        status: 'active',
        endCondition: { type: 'responses', value: 500 },
        publishedAt: daysAgo(3, 14),
        startedAt: daysAgo(2, 8),
      },
    ],
  };
}

/** Refuses to seed a survey the product itself would refuse to publish. */
function assertPublishable(name: string, survey: Survey): void {
  surveySchema.validateSync(survey, { strict: true, abortEarly: false });
  const problems = publishProblems(survey);
  if (problems.length) throw new Error(`The demo survey "${name}" cannot be published: ${problems.map((problem) => problem.message).join(' ')}`);
}

/** Seeds every demo company's surveys, inside the caller's transaction. */
export async function seedDemoSurveys(
  em: EntityManager,
  companies: Record<CompanyKey, Company>,
  admins: Record<CompanyKey, User>,
  now = new Date(),
): Promise<void> {
  for (const key of Object.keys(companies) as CompanyKey[]) {
    const set = demoSurveySet(key, now);
    const companyId = companies[key].id;
    const createdById = admins[key].id;
    for (const draft of set.drafts) {
      surveySchema.validateSync(draft.survey, { strict: true, abortEarly: false });
      const saved = new Date(now.getTime() - draft.savedDaysAgo * DAY_MS);
      em.create(SurveyDraft, { companyId, name: draft.name, survey: draft.survey, createdById, createdAt: saved, updatedAt: saved });
    }
    for (const survey of set.published) {
      assertPublishable(survey.name, survey.survey);
      em.create(PublishedSurvey, { companyId, createdById, ...survey });
    }
  }
  await em.flush();
}
