/**
 * What the widget holds on one page: its configuration and environment, the company's surveys once
 * loaded, the visitor, this page view's decisions, and the surveys it is showing. One plain object
 * that the loader's functions (server.ts, visitor.ts, targeting.ts, showing.ts, navoutApi.ts)
 * take as their first argument.
 */
import type { IdentifierRule, PublicSurvey, PublicSurveyBundle } from '@domain/survey/collection';
import type { Presented, PresentOptions } from '../display/present';
import { cleanIdentifiers } from './identifiers';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/** What the loader uses of renderer.js (widget/display/index.ts). */
export interface SecondStage {
  presentSurvey: (options: PresentOptions) => Presented;
}

export interface WidgetConfig {
  companyId: string;
  apiBase: string;
  /** The widget's <script>: its data-* identifier values and the default inline place. */
  script: HTMLScriptElement | null;
  nonce?: string;
  /** From the script's attributes, used only when the server's bundle lacks them. */
  fallbackTrigger: PublicSurveyBundle['trigger'];
  fallbackIdentifierRule: IdentifierRule;
}

export interface WidgetEnvironment {
  window: Window;
  fetch: typeof fetch;
  loadStage: () => Promise<SecondStage>;
  random?: () => number;
  now?: () => number;
}

export interface ActiveSurvey {
  survey: PublicSurvey;
  /** Opened by navout.show(): page targeting no longer applies to it. */
  forced: boolean;
  /** Cancels what still waits (triggers, the second stage). */
  cancels: Array<() => void>;
  view: Presented | null;
}

/** What is decided once per page view: the sampling rolls and the server's audience answers. */
export interface PageView {
  startedAt: number;
  samples: Map<string, boolean>;
  audience: Map<string, boolean>;
}

export interface WidgetState {
  config: WidgetConfig;
  env: WidgetEnvironment;
  win: Window;
  random: () => number;
  now: () => number;
  /** The company's surveys, once loaded. */
  bundle?: PublicSurveyBundle;
  bundleLoading?: Promise<unknown>;
  stageLoading?: Promise<SecondStage>;
  destroyed?: boolean;
  /** Read from storage (or made) when first needed. */
  visitorId: string;
  /** Identifier values from navout.identify(). */
  given: Record<string, string>;
  newVisitor: boolean;
  pageView: PageView;
  active: Map<string, ActiveSurvey>;
  /** Closed, completed or held out on this page: not shown again before a new page load (or navout.show). */
  dismissed: Set<string>;
  /** Undone by navout.destroy(): the URL watch and the page's listeners. */
  cleanups: Array<() => void>;
}

/** Whether this is the visitor's first session (read, or recorded, in the site's storage). */
export function visitorIsNew(win: Window, now: () => number): boolean {
  const session = readJson<{ new?: unknown }>(win, 'sessionStorage', STORAGE_KEYS.session, {});
  if (typeof session.new === 'boolean') return session.new;
  // New for the whole first session, returning in any later one.
  const isNew = !readJson(win, 'localStorage', STORAGE_KEYS.visitor, 0);
  if (isNew) writeJson(win, 'localStorage', STORAGE_KEYS.visitor, now());
  writeJson(win, 'sessionStorage', STORAGE_KEYS.session, { new: isNew });
  return isNew;
}

export const newPageView = (now: () => number): PageView => ({ startedAt: now(), samples: new Map(), audience: new Map() });

export function createState(config: WidgetConfig, env: WidgetEnvironment): WidgetState {
  const win = env.window;
  const now = env.now ?? Date.now;
  const given = cleanIdentifiers(readJson(win, 'localStorage', STORAGE_KEYS.identifiers, {}));
  return {
    config,
    env,
    win,
    random: env.random ?? Math.random,
    now,
    visitorId: '',
    given,
    newVisitor: visitorIsNew(win, now),
    pageView: newPageView(now),
    active: new Map(),
    dismissed: new Set(),
    cleanups: [],
  };
}
