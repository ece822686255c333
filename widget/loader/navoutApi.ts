/** window.navout: the JavaScript API a page calls (README, "JavaScript API"). */
import type { NavoutApi, NavoutCommand } from './globals';
import { cleanIdentifiers } from './identifiers';
import { debug } from './log';
import { loadBundle } from './server';
import { removeAll, removeSurvey, schedule } from './showing';
import { visitorIsNew, type WidgetState } from './state';
import { removeKeys, STORAGE_KEYS, writeJson } from './storage';
import { evaluate } from './targeting';

export function createNavoutApi(state: WidgetState): NavoutApi {
  const { win, active, dismissed } = state;
  const navout: NavoutApi = {
    show: async (surveyId) => {
      try {
        await loadBundle(state);
      } catch (error) {
        debug('surveys could not be loaded', error);
      }
      const survey = state.bundle?.surveys.find((candidate) => candidate.id === surveyId);
      if (!survey || state.destroyed) return false;
      const current = active.get(surveyId);
      if (current) removeSurvey(state, current, false);
      dismissed.delete(surveyId);
      schedule(state, survey, true);
      return true;
    },
    identify: (values) => {
      state.given = { ...state.given, ...cleanIdentifiers(values) };
      writeJson(win, 'localStorage', STORAGE_KEYS.identifiers, state.given);
      evaluate(state);
    },
    reset: () => {
      removeAll(state);
      // Every key from both areas: a key absent from one is simply not there.
      for (const area of ['localStorage', 'sessionStorage'] as const) removeKeys(win, area, Object.values(STORAGE_KEYS));
      state.given = {};
      state.visitorId = '';
      dismissed.clear();
      state.pageView.samples.clear();
      state.newVisitor = visitorIsNew(win, state.now);
    },
    destroy: () => {
      removeAll(state);
      state.destroyed = true;
      state.cleanups.splice(0).forEach((cleanup) => cleanup());
      if (win.navout === navout) delete win.navout;
    },
    push: (command: NavoutCommand) => {
      const [method, ...args] = Array.isArray(command) ? command : [];
      const call = method === 'push' ? undefined : (navout as unknown as Record<string, unknown>)[method as string];
      if (typeof call === 'function') call(...args);
    },
  };
  return navout;
}
