/**
 * The visitor as this browser knows them: new or returning, their random id, their identifier
 * values, their device, and when they last saw (or completed) each survey.
 */
import type { PublicSurvey } from '@domain/survey/collection';
import { deviceTypeOf, identifiersFor } from './decide';
import { identifierValue } from './identifiers';
import type { WidgetState } from './state';
import { randomId, readJson, STORAGE_KEYS, writeJson } from './storage';

export function visitorIdOf(state: WidgetState): string {
  const { win } = state;
  if (!state.visitorId) {
    state.visitorId = readJson(win, 'localStorage', STORAGE_KEYS.visitorId, '') || randomId(win);
    writeJson(win, 'localStorage', STORAGE_KEYS.visitorId, state.visitorId);
  }
  return state.visitorId;
}

/** The visitor's value for an identifier field, read from its sources each time. */
export const identifierLookup = (state: WidgetState) => (field: string) => identifierValue({ window: state.win, given: state.given, script: state.config.script }, field);

export const ruleOf = (state: WidgetState, survey: PublicSurvey) => survey.identifierRule ?? state.config.fallbackIdentifierRule;

/** The identifiers a response to `survey` carries (and its audience question asks with). */
export const identifiersOf = (state: WidgetState, survey: PublicSurvey) => identifiersFor(ruleOf(state, survey), identifierLookup(state));

export function deviceOf(win: Window) {
  let coarse = false;
  try {
    coarse = win.matchMedia('(pointer: coarse)').matches;
  } catch {
    // No media queries: a desktop.
  }
  // The narrower of viewport and screen: a page without a viewport meta tag lays out 980 px wide on a phone.
  return deviceTypeOf(coarse, Math.min(win.innerWidth, win.screen.width));
}

/** The key of the company's own last show in the seen times (its cooldown). */
export const companyKeyOf = (state: WidgetState) => `company:${state.config.companyId}`;

export const seenTimes = (win: Window) => readJson<Record<string, number>>(win, 'localStorage', STORAGE_KEYS.seen, {});

/** A show, or with `completed` a completion ('done:<id>', which the survey's rules may forbid showing after). */
export function recordSeen(state: WidgetState, surveyId: string, completed?: boolean): void {
  const { win } = state;
  const at = state.now();
  const times = { ...seenTimes(win), [surveyId]: at, [companyKeyOf(state)]: at };
  if (completed) times[`done:${surveyId}`] = at;
  writeJson(win, 'localStorage', STORAGE_KEYS.seen, times);
}
