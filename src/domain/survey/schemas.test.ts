import { describe, expect, it } from 'vitest';
import { defaultDisplayTriggers, defaultEmbedSettings, defaultSurvey, displayTriggersOf, newQuestion, PICKER_TYPES } from './defaults';
import { AUDIENCE_TARGETING_MESSAGES } from './messages';
import { SURVEY_LIMITS } from './limits';
import { displayTriggersSchema, embedSettingsSchema, surveySchema } from './schemas';

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

  it('refuse question and condition ids that every object already has', async () => {
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const question = { ...newQuestion('text', id), title: 'Q', conditions: [{ id, targetQuestionId: id, operator: 'equals' as const, value: 'x' }] };
      const errors = await errorsOf(() => surveySchema.validate({ ...defaultSurvey(), questions: [question] }, strict));
      expect(errors.filter((error) => error.includes('constructor or __proto__'))).toHaveLength(3);
    }
    const fine = { ...newQuestion('text', 'constructor_name'), title: 'Q' };
    await expect(surveySchema.validate({ ...defaultSurvey(), questions: [fine] }, strict)).resolves.toBeTruthy();
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

describe('audience targeting in the display triggers', () => {
  const VIEW_ID = '0b8f3c2e-5d1a-4c7b-9e6f-2a4d8c1b7e90';
  const withAudience = (audienceTargeting: unknown) => ({ ...defaultDisplayTriggers(), audienceTargeting });

  it('is off by default and accepts a category or a saved view when on', async () => {
    expect(defaultDisplayTriggers().audienceTargeting).toEqual({ enabled: false, kind: 'category', id: '' });
    await expect(displayTriggersSchema.validate(withAudience({ enabled: true, kind: 'category', id: 'at-risk' }), strict)).resolves.toBeTruthy();
    await expect(displayTriggersSchema.validate(withAudience({ enabled: true, kind: 'view', id: VIEW_ID }), strict)).resolves.toBeTruthy();
  });

  it('needs an audience when on, one of the two kinds, and an id that fits its kind', async () => {
    expect(await errorsOf(() => displayTriggersSchema.validate(withAudience({ enabled: true, kind: 'category', id: '' }), strict))).toEqual([AUDIENCE_TARGETING_MESSAGES.required]);
    expect(await errorsOf(() => displayTriggersSchema.validate(withAudience({ enabled: true, kind: 'segment', id: 'at-risk' }), strict))).toContain(AUDIENCE_TARGETING_MESSAGES.kind);
    expect(await errorsOf(() => displayTriggersSchema.validate(withAudience({ enabled: true, kind: 'category', id: 'whales' }), strict))).toEqual([AUDIENCE_TARGETING_MESSAGES.category]);
    expect(await errorsOf(() => displayTriggersSchema.validate(withAudience({ enabled: true, kind: 'view', id: 'at-risk' }), strict))).toEqual([AUDIENCE_TARGETING_MESSAGES.view]);
    // Off, a stale id of the wrong kind is still refused, so switching on never finds one.
    expect(await errorsOf(() => displayTriggersSchema.validate(withAudience({ enabled: false, kind: 'category', id: VIEW_ID }), strict))).toEqual([AUDIENCE_TARGETING_MESSAGES.category]);
    expect(await errorsOf(() => displayTriggersSchema.validate(withAudience({ enabled: true, kind: 'view', id: VIEW_ID, extra: 1 }), strict))).not.toEqual([]);
  });

  it('reads triggers stored before it existed as off, in the schema and wherever stored triggers are read', async () => {
    const { audienceTargeting: _dropped, ...stored } = defaultDisplayTriggers();
    await expect(displayTriggersSchema.validate(stored, strict)).resolves.toBeTruthy();
    expect(displayTriggersSchema.cast(stored).audienceTargeting).toEqual({ enabled: false, kind: 'category', id: '' });
    const read = displayTriggersOf({ ...stored, pageTargeting: { enabled: true, urlPatterns: ['/pricing'], matchType: 'contains' } });
    expect(read.audienceTargeting).toEqual({ enabled: false, kind: 'category', id: '' });
    expect(read.pageTargeting.urlPatterns).toEqual(['/pricing']);
    expect(displayTriggersOf(null)).toEqual(defaultDisplayTriggers());
    expect(displayTriggersOf(withAudience({ enabled: true, kind: 'view', id: VIEW_ID }) as never).audienceTargeting).toEqual({ enabled: true, kind: 'view', id: VIEW_ID });
  });
});
