import { describe, expect, it } from 'vitest';
import { defaultDisplayTriggers, defaultEmbedSettings, defaultSurvey, newQuestion, PICKER_TYPES } from './defaults';
import { displayTriggersSchema, embedSettingsSchema, surveySchema, SURVEY_LIMITS } from './schemas';

const strict = { strict: true, abortEarly: false } as const;

async function errorsOf(run: () => Promise<unknown>): Promise<string[]> {
  try {
    await run();
    return [];
  } catch (failure) {
    return (failure as { errors: string[] }).errors;
  }
}

describe('the survey schemas', () => {
  it('accept every default and every question type', async () => {
    const survey = { ...defaultSurvey(), questions: [...PICKER_TYPES, 'multiple_choice' as const].map((type, i) => ({ ...newQuestion(type, `q${i}`), title: `Q${i}` })) };
    await expect(surveySchema.validate(survey, strict)).resolves.toBeTruthy();
    await expect(embedSettingsSchema.validate(defaultEmbedSettings(), strict)).resolves.toBeTruthy();
    await expect(displayTriggersSchema.validate(defaultDisplayTriggers(), strict)).resolves.toBeTruthy();
  });

  it('refuse style values that could escape a CSS declaration', async () => {
    const settings = defaultEmbedSettings();
    settings.theme.primaryColor = 'red; } body { display: none';
    settings.layout.maxWidth = '600px;background:url(x)';
    settings.logo.url = 'javascript:alert(1)';
    const errors = await errorsOf(() => embedSettingsSchema.validate(settings, strict));
    expect(errors).toEqual(
      expect.arrayContaining([
        'Must be a colour like #007bff',
        'Must be a length like 600px or 100%',
        'The logo address must start with https://',
      ]),
    );
  });

  it('refuse oversize surveys', async () => {
    const many = { ...defaultSurvey(), questions: Array.from({ length: SURVEY_LIMITS.questions + 1 }, (_, i) => ({ ...newQuestion('text', `q${i}`), title: 'Q' })) };
    expect(await errorsOf(() => surveySchema.validate(many, strict))).toContain(`A survey can have at most ${SURVEY_LIMITS.questions} questions`);
    const longTitle = { ...defaultSurvey(), title: 'x'.repeat(SURVEY_LIMITS.title + 1) };
    expect((await errorsOf(() => surveySchema.validate(longTitle, strict))).length).toBe(1);
  });

  it('keep targeting within its ranges and regexes safe', async () => {
    const triggers = defaultDisplayTriggers();
    triggers.showPercentage = 0;
    triggers.requireIdentifier = true;
    triggers.identifierTypes = [];
    triggers.pageTargeting = { enabled: true, matchType: 'regex', urlPatterns: ['(a+)+$'] };
    const errors = await errorsOf(() => displayTriggersSchema.validate(triggers, strict));
    expect(errors).toEqual(
      expect.arrayContaining([
        'showPercentage must be greater than or equal to 1',
        'Please select at least one identifier type.',
        expect.stringMatching(/could take too long to match/),
      ]),
    );
  });
});
