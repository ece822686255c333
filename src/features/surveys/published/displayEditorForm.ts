/**
 * The Custom Display form: its values (a published survey's styling and targeting), its steps,
 * and its validation. The shared schemas check every field; the company's identifier rules add
 * the override's own checks, which no schema can know.
 */
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import * as yup from 'yup';
import { defaultEmbedSettings, displayTriggersOf } from '@domain/survey/defaults';
import { IDENTIFIER_MESSAGES } from '@domain/survey/messages';
import { displayTriggersSchema, embedSettingsSchema } from '@domain/survey/schemas';
import type { DisplayTriggers, EmbedSettings, GlobalIdentifierSettings, PublishedSurvey } from '@domain/survey/types';

export interface DisplayEditorValues {
  settings: EmbedSettings;
  displayTriggers: DisplayTriggers;
}

type Stored<T> = { [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? Stored<T[K]> : T[K] };

/**
 * A survey's stored styling and targeting over the defaults: a survey published before a setting
 * existed still opens with every field filled.
 */
export function editorValuesOf(survey: PublishedSurvey): DisplayEditorValues {
  const base = defaultEmbedSettings(survey.survey.settings);
  const stored: Stored<EmbedSettings> = survey.embedSettings?.settings ?? {};
  return {
    settings: {
      theme: { ...base.theme, ...stored.theme },
      layout: { ...base.layout, ...stored.layout },
      display: { ...base.display, ...stored.display },
      logo: { ...base.logo, ...stored.logo },
      button: { ...base.button, ...stored.button },
      widget: { ...base.widget, ...stored.widget },
    },
    displayTriggers: displayTriggersOf(survey.display_triggers),
  };
}

export type EditorStepId = 'themes' | 'logo' | 'colours' | 'layout' | 'widget' | 'button' | 'targeting';

export interface EditorStep {
  id: EditorStepId;
  label: string;
  /** The form paths the step edits: an error under one of them marks the step. */
  paths: readonly string[];
}

/** Data document, section 2, "Styling editor (seven steps)". */
export const EDITOR_STEPS: readonly EditorStep[] = [
  { id: 'themes', label: 'Theme Management', paths: [] },
  { id: 'logo', label: 'Company Logo', paths: ['settings.logo'] },
  { id: 'colours', label: 'Colours & Typography', paths: ['settings.theme'] },
  { id: 'layout', label: 'Layout & Display', paths: ['settings.layout', 'settings.display'] },
  { id: 'widget', label: 'Widget Display Mode', paths: ['settings.widget'] },
  { id: 'button', label: 'Button Styling', paths: ['settings.button'] },
  { id: 'targeting', label: 'When to Show the Survey', paths: ['displayTriggers'] },
];

/** Button styling is a step only while the widget shows as a button. */
export const stepsFor = (displayMode: EmbedSettings['widget']['displayMode']) =>
  EDITOR_STEPS.filter((step) => step.id !== 'button' || displayMode === 'button');

export const stepOfPath = (path: string) =>
  EDITOR_STEPS.find((step) => step.paths.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)));

export interface FieldProblem {
  path: string;
  message: string;
}

function isFieldError(value: unknown): value is FieldError {
  return Boolean(value) && typeof value === 'object' && typeof (value as FieldError).message === 'string' && 'type' in (value as object);
}

/** Every message in the form's nested errors, with its path. */
export function problemsIn(errors: FieldErrors | undefined, prefix = ''): FieldProblem[] {
  if (!errors) return [];
  const problems: FieldProblem[] = [];
  for (const [key, value] of Object.entries(errors)) {
    // A FieldError's ref is the DOM element it belongs to, not more errors.
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    if (isFieldError(value)) problems.push({ path, message: value.message ?? '' });
    else problems.push(...problemsIn(value as FieldErrors, path));
  }
  return problems;
}

/** The override's checks (data document, section 5, "Override of global identifiers"), by field path. */
export function overrideProblems(triggers: DisplayTriggers, global: GlobalIdentifierSettings): Record<string, string> {
  if (!triggers.useCustomIdentifiers) return {};
  const problems: Record<string, string> = {};
  if (!global.allowSurveyOverride) problems['displayTriggers.useCustomIdentifiers'] = IDENTIFIER_MESSAGES.overrideNotAllowed;
  if (global.requireOverrideReason && !triggers.overrideReason.trim()) {
    problems['displayTriggers.overrideReason'] = IDENTIFIER_MESSAGES.reasonRequired;
  }
  if (triggers.identifierTypes.length === 0) problems['displayTriggers.identifierTypes'] = IDENTIFIER_MESSAGES.typeRequired;
  else if (triggers.identifierTypes.some((type) => !global.allowedOverrideTypes.includes(type))) {
    problems['displayTriggers.identifierTypes'] = IDENTIFIER_MESSAGES.typeNotAllowed;
  }
  return problems;
}

const editorSchema = yup.object({
  settings: embedSettingsSchema.required(),
  displayTriggers: displayTriggersSchema.required(),
});

/** The shared schemas, then the override's checks against the company's rules. */
export function displayEditorResolver(global: GlobalIdentifierSettings): Resolver<DisplayEditorValues> {
  return async (values, _context, options) => {
    const problems: Record<string, FieldError> = {};
    let cast: DisplayEditorValues | undefined;
    try {
      cast = (await editorSchema.validate(values, { abortEarly: false })) as DisplayEditorValues;
    } catch (error) {
      if (!(error instanceof yup.ValidationError)) throw error;
      for (const inner of error.inner.length > 0 ? error.inner : [error]) {
        const path = inner.path ?? '';
        problems[path] ??= { type: inner.type ?? 'validation', message: inner.message };
      }
    }
    for (const [path, message] of Object.entries(overrideProblems(values.displayTriggers, global))) {
      problems[path] ??= { type: 'override', message };
    }
    if (cast && Object.keys(problems).length === 0) return { values: cast, errors: {} };
    return { values: {}, errors: toNestErrors(problems, options) };
  };
}
