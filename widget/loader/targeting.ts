/**
 * Which of the company's surveys this page view shows: gathers what decide.ts needs from the page,
 * the visitor and storage, rolls the sample and asks the audience question once per page view, and
 * hands each survey that passes to showing.ts (or records it as held out).
 */
import type { PublicSurvey } from '@domain/survey/collection';
import { decide, hasIdentifiers, pageMatches, sampledIn, type DecisionContext, type Verdict } from './decide';
import { debug } from './log';
import { askAudience, recordDisplay } from './server';
import { isFloating, removeSurvey, schedule } from './showing';
import { newPageView, type WidgetState } from './state';
import { readJson, STORAGE_KEYS, writeJson } from './storage';
import { companyKeyOf, deviceOf, identifierLookup, identifiersOf, ruleOf, seenTimes, visitorIdOf } from './visitor';

/** showPercentage: decided once per page view (once per session for session-based). */
function sampled(state: WidgetState, survey: PublicSurvey): boolean {
  const { id } = survey;
  const { win, pageView } = state;
  const known = pageView.samples.get(id);
  if (known !== undefined) return known;
  const { percentageMethod: method, showPercentage: percentage } = survey.displayTriggers;
  const session = readJson<Record<string, unknown>>(win, 'sessionStorage', STORAGE_KEYS.sampled, {});
  const remembered = method === 'session-based' && typeof session[id] === 'boolean' ? (session[id] as boolean) : undefined;
  const result = sampledIn({ method, percentage, surveyId: id, visitorId: () => visitorIdOf(state), random: state.random, remembered });
  if (method === 'session-based') writeJson(win, 'sessionStorage', STORAGE_KEYS.sampled, { ...session, [id]: result });
  pageView.samples.set(id, result);
  return result;
}

/**
 * Audience targeting: asks the server once per page view whether the identified visitor is in
 * the audience, with the identifiers a response would carry. Without identifiers nothing is
 * asked (a later navout.identify() may name the visitor). Until a yes arrives, and after a no or
 * a failed question, the answer is no. A yes that arrives after the page view changed is kept
 * for the page view it was asked in; the new page view asks again.
 */
function member(state: WidgetState, survey: PublicSurvey): boolean {
  const { id } = survey;
  const answers = state.pageView.audience;
  if (!answers.has(id)) {
    const identifiers = identifiersOf(state, survey);
    if (!hasIdentifiers(identifiers)) return false;
    answers.set(id, false);
    askAudience(state, id, identifiers).then((answer) => {
      if (answer?.member !== true) return;
      answers.set(id, true);
      evaluate(state);
    }, debug);
  }
  return Boolean(answers.get(id));
}

function verdictFor(state: WidgetState, survey: PublicSurvey): Verdict {
  const { win } = state;
  const times = seenTimes(win);
  const context: DecisionContext = {
    now: new Date(state.now()),
    url: win.location.href,
    referrer: win.document.referrer,
    device: deviceOf(win),
    newVisitor: state.newVisitor,
    visitorId: () => visitorIdOf(state),
    identifier: identifierLookup(state),
    completed: times[`done:${survey.id}`] !== undefined,
    companySeenAt: times[companyKeyOf(state)],
    surveySeenAt: times[survey.id],
    companyCooldownDays: state.bundle?.cooldownDays ?? 0,
    sampled: () => sampled(state, survey),
    member: () => member(state, survey),
  };
  return decide({ ...survey, identifierRule: ruleOf(state, survey) }, context);
}

/** Held out: recorded once per visitor, never shown. */
function holdOut(state: WidgetState, surveyId: string): void {
  const { win } = state;
  state.dismissed.add(surveyId);
  const sent = readJson<unknown>(win, 'localStorage', STORAGE_KEYS.holdouts, []);
  const ids = Array.isArray(sent) ? sent : [];
  if (ids.includes(surveyId)) return;
  writeJson(win, 'localStorage', STORAGE_KEYS.holdouts, [...ids, surveyId]);
  recordDisplay(state, surveyId, 'holdout');
}

/** Decides every survey not already showing or dismissed on this page. */
export function evaluate(state: WidgetState): void {
  const { bundle, active } = state;
  if (!bundle || state.destroyed) return;
  for (const survey of bundle.surveys) {
    try {
      if (active.has(survey.id) || state.dismissed.has(survey.id)) continue;
      // One overlay or button at a time; inline surveys each have their own place.
      if (isFloating(survey) && [...active.values()].some((entry) => isFloating(entry.survey))) continue;
      const verdict = verdictFor(state, survey);
      if (verdict === 'show') schedule(state, survey, false);
      else if (verdict === 'holdout') holdOut(state, survey.id);
      else debug(`survey ${survey.id} not shown:`, verdict);
    } catch (error) {
      debug(`survey ${survey.id} not shown:`, error);
    }
  }
}

/** A single-page navigation: a new page view, whose surveys are decided afresh. */
export function pageChanged(state: WidgetState, url: string): void {
  state.pageView = newPageView(state.now);
  for (const entry of [...state.active.values()]) {
    // A visitor who has started answering keeps the survey; otherwise it goes with its page.
    if (!entry.forced && !entry.view?.answered() && !pageMatches(entry.survey.displayTriggers.pageTargeting, url)) removeSurvey(state, entry, false);
  }
  evaluate(state);
}
