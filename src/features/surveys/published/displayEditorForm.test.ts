import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { DEFAULT_GLOBAL_IDENTIFIERS, DEFAULT_BUTTON, defaultDisplayTriggers } from '@domain/survey/defaults';
import { IDENTIFIER_MESSAGES, TARGETING_MESSAGES } from '@domain/survey/messages';
import type { PublishedSurvey } from '@domain/survey/types';
import { ACME_IDENTIFIERS, PUBLISHED } from '../fixtures';
import {
  displayEditorResolver,
  editorValuesOf,
  overrideProblems,
  problemsIn,
  stepOfPath,
  stepsFor,
  type DisplayEditorValues,
} from './displayEditorForm';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<DisplayEditorValues>;

describe('editorValuesOf', () => {
  it('fills what an older survey never stored with the defaults', () => {
    const older = {
      ...PUBLISHED.feedback,
      embedSettings: { settings: { theme: { primaryColor: '#123456' } } },
      display_triggers: { showPercentage: 40, timeRules: { enabled: true } },
    } as unknown as PublishedSurvey;
    const values = editorValuesOf(older);
    expect(values.settings.theme.primaryColor).toBe('#123456');
    expect(values.settings.theme.fontFamily).toBe('Arial');
    expect(values.settings.button).toEqual(DEFAULT_BUTTON);
    expect(values.displayTriggers.showPercentage).toBe(40);
    expect(values.displayTriggers.timeRules).toEqual({ ...defaultDisplayTriggers().timeRules, enabled: true });
    expect(values.displayTriggers.pageTargeting.urlPatterns).toEqual([]);
  });
});

describe('steps', () => {
  it('offers button styling only in button mode', () => {
    expect(stepsFor('button').map((step) => step.id)).toContain('button');
    expect(stepsFor('overlay').map((step) => step.id)).not.toContain('button');
    expect(stepsFor('inline')).toHaveLength(6);
  });

  it('finds the step of a field path', () => {
    expect(stepOfPath('settings.theme.primaryColor')?.id).toBe('colours');
    expect(stepOfPath('settings.display.viewMode')?.id).toBe('layout');
    expect(stepOfPath('displayTriggers.pageTargeting.urlPatterns')?.id).toBe('targeting');
    expect(stepOfPath('settings.themes')).toBeUndefined();
  });
});

describe('overrideProblems', () => {
  const custom = { ...defaultDisplayTriggers(), useCustomIdentifiers: true };

  it('says nothing without an override', () => {
    expect(overrideProblems({ ...custom, useCustomIdentifiers: false, identifierTypes: [] }, ACME_IDENTIFIERS)).toEqual({});
  });

  it('needs a reason when the company asks for one, and at least one allowed type', () => {
    expect(overrideProblems({ ...custom, identifierTypes: [] }, ACME_IDENTIFIERS)).toEqual({
      'displayTriggers.overrideReason': IDENTIFIER_MESSAGES.reasonRequired,
      'displayTriggers.identifierTypes': IDENTIFIER_MESSAGES.typeRequired,
    });
    expect(overrideProblems({ ...custom, overrideReason: ' ', identifierTypes: ['custom'] }, ACME_IDENTIFIERS)).toEqual({
      'displayTriggers.overrideReason': IDENTIFIER_MESSAGES.reasonRequired,
      'displayTriggers.identifierTypes': IDENTIFIER_MESSAGES.typeNotAllowed,
    });
    expect(overrideProblems({ ...custom, identifierTypes: ['uuid'] }, { ...ACME_IDENTIFIERS, requireOverrideReason: false })).toEqual({});
  });

  it('refuses an override the company does not allow', () => {
    expect(overrideProblems({ ...custom, overrideReason: 'Pilot', identifierTypes: ['email'] }, { ...ACME_IDENTIFIERS, allowSurveyOverride: false })).toEqual({
      'displayTriggers.useCustomIdentifiers': IDENTIFIER_MESSAGES.overrideNotAllowed,
    });
  });
});

describe('displayEditorResolver', () => {
  it('passes a survey as published', async () => {
    const result = await displayEditorResolver(DEFAULT_GLOBAL_IDENTIFIERS)(editorValuesOf(PUBLISHED.satisfaction), undefined, options);
    expect(result.errors).toEqual({});
  });

  it('reports the schemas and the override together, nested by path', async () => {
    const values = editorValuesOf(PUBLISHED.satisfaction);
    values.settings.button.text = '   ';
    values.displayTriggers.useCustomIdentifiers = true;
    values.displayTriggers.identifierTypes = [];
    values.displayTriggers.pageTargeting = { enabled: true, urlPatterns: ['^/shop/(a+)+$'], matchType: 'regex' };
    const result = await displayEditorResolver(ACME_IDENTIFIERS)(values, undefined, options);
    const problems = problemsIn(result.errors);
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: 'settings.button.text', message: 'Button text is required' },
        { path: 'displayTriggers.pageTargeting.urlPatterns', message: TARGETING_MESSAGES.unsafeRegex('^/shop/(a+)+$') },
        { path: 'displayTriggers.overrideReason', message: IDENTIFIER_MESSAGES.reasonRequired },
        { path: 'displayTriggers.identifierTypes', message: IDENTIFIER_MESSAGES.typeRequired },
      ]),
    );
  });
});
