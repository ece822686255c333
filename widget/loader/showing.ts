/**
 * The surveys the widget is showing on this page: each waits for its behaviour triggers, then for
 * the second stage (renderer.js, loaded once), which presents it (an inline survey's target element
 * is waited for there).
 * A survey leaves on navigation, navout.show() of it again, reset and destroy, or when the visitor
 * closes it (then dismissed until the next page load).
 */
import type { PublicSurvey } from '@domain/survey/collection';
import type { PresentOptions } from '../display/present';
import { debug } from './log';
import { recordDisplay } from './server';
import type { ActiveSurvey, SecondStage, WidgetState } from './state';
import { whenTriggered } from './triggers';
import { deviceOf, identifiersOf, recordSeen, visitorIdOf } from './visitor';

export const isFloating = (survey: PublicSurvey) => survey.embedSettings.widget.displayMode !== 'inline';

function loadStage(state: WidgetState): Promise<SecondStage> {
  state.stageLoading ??= state.env.loadStage().catch((error: unknown) => {
    state.stageLoading = undefined;
    throw error;
  });
  return state.stageLoading;
}

/** Shows `survey` once its triggers fire (at once when forced by navout.show()). */
export function schedule(state: WidgetState, survey: PublicSurvey, forced: boolean): void {
  const { win } = state;
  const entry: ActiveSurvey = { survey, forced, cancels: [], view: null };
  state.active.set(survey.id, entry);
  if (forced) present(state, entry);
  else entry.cancels.push(whenTriggered(survey.displayTriggers.behaviorTriggers, { window: win, pageStartedAt: state.pageView.startedAt, desktop: deviceOf(win) === 'desktop' }, () => present(state, entry)));
}

function present(state: WidgetState, entry: ActiveSurvey): void {
  let cancelled = false;
  entry.cancels.push(() => (cancelled = true));
  loadStage(state)
    .then((stage) => {
      if (cancelled || state.destroyed) return;
      entry.view = stage.presentSurvey(presentOptions(state, entry));
    })
    // The stage not loaded, or failing to present: logged, never thrown at the host page.
    .catch((error: unknown) => {
      debug('surveys could not be loaded', error);
      removeSurvey(state, entry, false);
    });
}

function presentOptions(state: WidgetState, entry: ActiveSurvey): PresentOptions {
  const { win, config } = state;
  const { survey } = entry;
  return {
    window: win,
    survey,
    forced: entry.forced,
    place: { script: config.script },
    nonce: config.nonce,
    apiBase: config.apiBase,
    fetch: state.env.fetch,
    trigger: state.bundle?.trigger ?? config.fallbackTrigger,
    visitor: () => ({
      visitorId: visitorIdOf(state),
      identifiers: identifiersOf(state, survey),
      deviceType: deviceOf(win),
      // Without query and fragment, which can carry personal data or tokens.
      pageUrl: win.location.origin + win.location.pathname,
    }),
    onShown: () => {
      recordSeen(state, survey.id);
      recordDisplay(state, survey.id, 'shown');
    },
    onCompleted: () => {
      recordSeen(state, survey.id, true);
      state.dismissed.add(survey.id);
    },
    onClosed: () => removeSurvey(state, entry, true),
  };
}

export function removeSurvey(state: WidgetState, entry: ActiveSurvey, dismiss: boolean): void {
  if (state.active.get(entry.survey.id) !== entry) return;
  state.active.delete(entry.survey.id);
  if (dismiss) state.dismissed.add(entry.survey.id);
  entry.cancels.splice(0).forEach((cancel) => cancel());
  entry.view?.close();
}

export const removeAll = (state: WidgetState) => [...state.active.values()].forEach((entry) => removeSurvey(state, entry, false));

/** The page is going away: answers still waiting for their save delay are sent. */
export const flushAll = (state: WidgetState) => state.active.forEach((entry) => entry.view?.flush());
