/**
 * The widget on one page: loads the company's surveys (server.ts), decides which to show
 * (targeting.ts over decide.ts), waits for behaviour triggers (triggers.ts), then loads the second
 * stage (renderer.js) and hands the survey to it (showing.ts). Follows single-page navigation,
 * records displays and cooldowns (visitor.ts), and answers the JavaScript API (navoutApi.ts).
 * This file wires them over one WidgetState (state.ts).
 */
import type { NavoutApi } from './globals';
import { debug } from './log';
import { createNavoutApi } from './navoutApi';
import { loadBundle } from './server';
import { flushAll } from './showing';
import { createState, type WidgetConfig, type WidgetEnvironment } from './state';
import { evaluate, pageChanged } from './targeting';
import { watchUrl } from './urlWatch';

export type { SecondStage, WidgetConfig, WidgetEnvironment } from './state';

export interface Widget {
  api: NavoutApi;
  /** Fetches the surveys and evaluates the page. */
  start: () => Promise<void>;
}

export function createWidget(config: WidgetConfig, env: WidgetEnvironment): Widget {
  const state = createState(config, env);
  const { win } = state;
  const onPageHide = () => flushAll(state);
  return {
    api: createNavoutApi(state),
    start: async () => {
      state.cleanups.push(watchUrl(win, (url) => pageChanged(state, url)));
      win.addEventListener('pagehide', onPageHide);
      state.cleanups.push(() => win.removeEventListener('pagehide', onPageHide));
      try {
        await loadBundle(state);
      } catch (error) {
        debug('surveys could not be loaded', error);
        return;
      }
      evaluate(state);
    },
  };
}
