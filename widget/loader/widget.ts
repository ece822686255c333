/**
 * The widget on one page: loads the company's surveys, decides which to show (decide.ts), waits
 * for behaviour triggers (triggers.ts), then loads the second stage (renderer.js) and hands the
 * survey to it. Follows single-page navigation, records displays and cooldowns, and answers the
 * JavaScript API (window.navout).
 */
import type { IdentifierRule, PublicSurvey, PublicSurveyBundle } from '@domain/survey/collection';
import type { Presented, PresentOptions } from '../display/present';
import { callApi } from '../publicApi';
import { decide, deviceTypeOf, hasIdentifiers, identifiersFor, pageMatches, sampledIn, type DecisionContext, type Verdict } from './decide';
import type { NavoutApi, NavoutCommand } from './globals';
import { cleanIdentifiers, identifierValue } from './identifiers';
import { debug } from './log';
import { randomId, readJson, removeKeys, STORAGE_KEYS, writeJson } from './storage';
import { whenTriggered } from './triggers';
import { watchUrl } from './urlWatch';

/** What the loader uses of renderer.js (widget/display/index.ts). */
export interface SecondStage {
  presentSurvey: (options: PresentOptions) => Presented;
}

/** How long an inline survey waits for its target element (a single-page app renders late). */
export const INLINE_TARGET_WAIT_MS = 10_000;

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

export interface Widget {
  api: NavoutApi;
  /** Fetches the surveys and evaluates the page. */
  start: () => Promise<void>;
}

interface ActiveSurvey {
  survey: PublicSurvey;
  /** Opened by navout.show(): page targeting no longer applies to it. */
  forced: boolean;
  /** Cancels what still waits (triggers, the inline target, the second stage). */
  cancels: Array<() => void>;
  view: Presented | null;
}

export function createWidget(config: WidgetConfig, env: WidgetEnvironment): Widget {
  const win = env.window;
  const doc = win.document;
  const random = env.random ?? Math.random;
  const now = env.now ?? Date.now;
  const companyKey = `company:${config.companyId}`;
  const local = 'localStorage';

  let bundle: PublicSurveyBundle | null = null;
  let bundleLoading: Promise<unknown> | null = null;
  let stageLoading: Promise<SecondStage> | null = null;
  let destroyed = false;
  let visitorId = '';
  let given = cleanIdentifiers(readJson(win, local, STORAGE_KEYS.identifiers, {}));
  let newVisitor = visitorIsNew();
  /** What is decided once per page view: the sampling rolls and the server's audience answers. */
  let pageView = { startedAt: now(), samples: new Map<string, boolean>(), audience: new Map<string, boolean>() };
  const active = new Map<string, ActiveSurvey>();
  /** Closed, completed or held out on this page: not shown again before a new page load (or navout.show). */
  const dismissed = new Set<string>();
  const cleanups: Array<() => void> = [];

  // --- the visitor ---------------------------------------------------------------------------

  function visitorIsNew(): boolean {
    const session = readJson<{ new?: unknown }>(win, 'sessionStorage', STORAGE_KEYS.session, {});
    if (typeof session.new === 'boolean') return session.new;
    // New for the whole first session, returning in any later one.
    const isNew = !readJson(win, local, STORAGE_KEYS.visitor, 0);
    if (isNew) writeJson(win, local, STORAGE_KEYS.visitor, now());
    writeJson(win, 'sessionStorage', STORAGE_KEYS.session, { new: isNew });
    return isNew;
  }

  function getVisitorId(): string {
    if (!visitorId) {
      visitorId = readJson(win, local, STORAGE_KEYS.visitorId, '') || randomId(win);
      writeJson(win, local, STORAGE_KEYS.visitorId, visitorId);
    }
    return visitorId;
  }

  const identifier = (field: string) => identifierValue({ window: win, given, script: config.script }, field);
  const ruleOf = (survey: PublicSurvey) => survey.identifierRule ?? config.fallbackIdentifierRule;

  function device() {
    let coarse = false;
    try {
      coarse = win.matchMedia('(pointer: coarse)').matches;
    } catch {
      // No media queries: a desktop.
    }
    // The narrower of viewport and screen: a page without a viewport meta tag lays out 980 px wide on a phone.
    return deviceTypeOf(coarse, Math.min(win.innerWidth, win.screen.width));
  }

  const seen = () => readJson<Record<string, number>>(win, local, STORAGE_KEYS.seen, {});

  /** A show, or with `completed` a completion ('done:<id>', which the survey's rules may forbid showing after). */
  function recordSeen(surveyId: string, completed?: boolean): void {
    const at = now();
    const times = { ...seen(), [surveyId]: at, [companyKey]: at };
    if (completed) times[`done:${surveyId}`] = at;
    writeJson(win, local, STORAGE_KEYS.seen, times);
  }



  /** showPercentage: decided once per page view (once per session for session-based). */
  function sampled(survey: PublicSurvey): boolean {
    const { id } = survey;
    const known = pageView.samples.get(id);
    if (known !== undefined) return known;
    const { percentageMethod: method, showPercentage: percentage } = survey.displayTriggers;
    const session = readJson<Record<string, unknown>>(win, 'sessionStorage', STORAGE_KEYS.sampled, {});
    const remembered = method === 'session-based' && typeof session[id] === 'boolean' ? (session[id] as boolean) : undefined;
    const result = sampledIn({ method, percentage, surveyId: id, visitorId: getVisitorId, random, remembered });
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
  function member(survey: PublicSurvey): boolean {
    const { id } = survey;
    const answers = pageView.audience;
    if (!answers.has(id)) {
      const identifiers = identifiersFor(ruleOf(survey), identifier);
      if (!hasIdentifiers(identifiers)) return false;
      answers.set(id, false);
      api<{ member?: unknown }>('POST', `/surveys/${encodeURIComponent(id)}/audience-membership`, { companyId: config.companyId, identifiers }).then(
        (answer) => {
          if (answer?.member !== true) return;
          answers.set(id, true);
          evaluate();
        },
        debug,
      );
    }
    return Boolean(answers.get(id));
  }

  function verdictFor(survey: PublicSurvey): Verdict {
    const times = seen();
    const context: DecisionContext = {
      now: new Date(now()),
      url: win.location.href,
      referrer: doc.referrer,
      device: device(),
      newVisitor,
      visitorId: getVisitorId,
      identifier,
      completed: times[`done:${survey.id}`] !== undefined,
      companySeenAt: times[companyKey],
      surveySeenAt: times[survey.id],
      companyCooldownDays: bundle?.cooldownDays ?? 0,
      sampled: () => sampled(survey),
      member: () => member(survey),
    };
    return decide({ ...survey, identifierRule: ruleOf(survey) }, context);
  }

  // --- deciding ------------------------------------------------------------------------------

  const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => callApi<T>(env.fetch, config.apiBase, method, path, body, method === 'POST');
  const isFloating = (survey: PublicSurvey) => survey.embedSettings.widget.displayMode !== 'inline';

  function loadBundle(): Promise<unknown> {
    bundleLoading ??= api<PublicSurveyBundle>('GET', `/companies/${encodeURIComponent(config.companyId)}/surveys`).then((loaded) => {
      bundle = { ...loaded, surveys: Array.isArray(loaded?.surveys) ? loaded.surveys : [] };
    });
    return bundleLoading;
  }

  function display(surveyId: string, outcome: 'shown' | 'holdout'): void {
    api('POST', `/surveys/${encodeURIComponent(surveyId)}/displays`, { visitorId: getVisitorId(), outcome }).catch((error: unknown) =>
      debug(`${outcome} display not recorded`, error),
    );
  }

  function evaluate(): void {
    if (!bundle || destroyed) return;
    for (const survey of bundle.surveys) {
      try {
        if (active.has(survey.id) || dismissed.has(survey.id)) continue;
        // One overlay or button at a time; inline surveys each have their own place.
        if (isFloating(survey) && [...active.values()].some((entry) => isFloating(entry.survey))) continue;
        const verdict = verdictFor(survey);
        if (verdict === 'show') schedule(survey, false);
        else if (verdict === 'holdout') holdOut(survey.id);
        else debug(`survey ${survey.id} not shown:`, verdict);
      } catch (error) {
        debug(`survey ${survey.id} not shown:`, error);
      }
    }
  }

  /** Held out: recorded once per visitor, never shown. */
  function holdOut(surveyId: string): void {
    dismissed.add(surveyId);
    const sent = readJson<unknown>(win, local, STORAGE_KEYS.holdouts, []);
    const ids = Array.isArray(sent) ? sent : [];
    if (ids.includes(surveyId)) return;
    writeJson(win, local, STORAGE_KEYS.holdouts, [...ids, surveyId]);
    display(surveyId, 'holdout');
  }

  // --- showing -------------------------------------------------------------------------------

  function loadStage(): Promise<SecondStage> {
    stageLoading ??= env.loadStage().catch((error: unknown) => {
      stageLoading = null;
      throw error;
    });
    return stageLoading;
  }

  function schedule(survey: PublicSurvey, forced: boolean): void {
    const entry: ActiveSurvey = { survey, forced, cancels: [], view: null };
    active.set(survey.id, entry);
    const present = (target: Element | null) => {
      let cancelled = false;
      entry.cancels.push(() => (cancelled = true));
      loadStage().then(
        (stage) => {
          if (cancelled || destroyed) return;
          entry.view = stage.presentSurvey({
            window: win,
            survey,
            forced,
            place: { target, script: config.script },
            nonce: config.nonce,
            apiBase: config.apiBase,
            fetch: env.fetch,
            trigger: bundle?.trigger ?? config.fallbackTrigger,
            visitor: () => ({
              visitorId: getVisitorId(),
              identifiers: identifiersFor(ruleOf(survey), identifier),
              deviceType: device(),
              // Without query and fragment, which can carry personal data or tokens.
              pageUrl: win.location.origin + win.location.pathname,
            }),
            onShown: () => {
              recordSeen(survey.id);
              display(survey.id, 'shown');
            },
            onCompleted: () => {
              recordSeen(survey.id, true);
              dismissed.add(survey.id);
            },
            onClosed: () => remove(entry, true),
          });
        },
        (error: unknown) => {
          debug('surveys could not be loaded', error);
          remove(entry, false);
        },
      );
    };
    const afterTriggers = () => {
      const selector = survey.embedSettings.widget.inlineTarget?.trim();
      if (isFloating(survey) || !selector) present(null);
      else entry.cancels.push(waitForElement(selector, present));
    };
    if (forced) afterTriggers();
    else entry.cancels.push(whenTriggered(survey.displayTriggers.behaviorTriggers, { window: win, pageStartedAt: pageView.startedAt, desktop: device() === 'desktop' }, afterTriggers));
  }

  /** Calls `found` with the first element matching `selector`, now or when the page adds it. */
  function waitForElement(selector: string, found: (element: Element) => void): () => void {
    const find = () => {
      try {
        return doc.querySelector(selector);
      } catch {
        return null;
      }
    };
    const check = () => {
      const element = find();
      if (element) {
        stop();
        found(element);
      }
      return element;
    };
    const observer = new MutationObserver(check);
    const timer = win.setTimeout(() => {
      stop();
      debug(`inline target "${selector}" not found`);
    }, INLINE_TARGET_WAIT_MS);
    function stop() {
      observer.disconnect();
      win.clearTimeout(timer);
    }
    if (!check()) observer.observe(doc.documentElement, { childList: true, subtree: true });
    return stop;
  }

  function remove(entry: ActiveSurvey, dismiss: boolean): void {
    if (active.get(entry.survey.id) !== entry) return;
    active.delete(entry.survey.id);
    if (dismiss) dismissed.add(entry.survey.id);
    entry.cancels.splice(0).forEach((cancel) => cancel());
    entry.view?.close();
  }

  const removeAll = () => [...active.values()].forEach((entry) => remove(entry, false));

  // --- following the page --------------------------------------------------------------------

  function onUrlChange(url: string): void {
    pageView = { startedAt: now(), samples: new Map(), audience: new Map() };
    for (const entry of [...active.values()]) {
      // A visitor who has started answering keeps the survey; otherwise it goes with its page.
      if (!entry.forced && !entry.view?.answered() && !pageMatches(entry.survey.displayTriggers.pageTargeting, url)) remove(entry, false);
    }
    evaluate();
  }

  const flushAll = () => active.forEach((entry) => entry.view?.flush());

  // --- the JavaScript API --------------------------------------------------------------------

  const navout: NavoutApi = {
    show: async (surveyId) => {
      try {
        await loadBundle();
      } catch (error) {
        debug('surveys could not be loaded', error);
      }
      const survey = bundle?.surveys.find((candidate) => candidate.id === surveyId);
      if (!survey || destroyed) return false;
      const current = active.get(surveyId);
      if (current) remove(current, false);
      dismissed.delete(surveyId);
      schedule(survey, true);
      return true;
    },
    identify: (values) => {
      given = { ...given, ...cleanIdentifiers(values) };
      writeJson(win, local, STORAGE_KEYS.identifiers, given);
      evaluate();
    },
    reset: () => {
      removeAll();
      // Every key from both areas: a key absent from one is simply not there.
      for (const area of [local, 'sessionStorage'] as const) removeKeys(win, area, Object.values(STORAGE_KEYS));
      given = {};
      visitorId = '';
      dismissed.clear();
      pageView.samples.clear();
      newVisitor = visitorIsNew();
    },
    destroy: () => {
      removeAll();
      destroyed = true;
      cleanups.splice(0).forEach((cleanup) => cleanup());
      if (win.navout === navout) delete win.navout;
    },
    push: (command: NavoutCommand) => {
      const [method, ...args] = Array.isArray(command) ? command : [];
      const call = method === 'push' ? undefined : (navout as unknown as Record<string, unknown>)[method as string];
      if (typeof call === 'function') call(...args);
    },
  };

  return {
    api: navout,
    start: async () => {
      cleanups.push(watchUrl(win, onUrlChange));
      win.addEventListener('pagehide', flushAll);
      cleanups.push(() => win.removeEventListener('pagehide', flushAll));
      try {
        await loadBundle();
      } catch (error) {
        debug('surveys could not be loaded', error);
        return;
      }
      evaluate();
    },
  };
}
