/**
 * One survey on the page, once the loader has decided to show it: its display mode (overlay after
 * the delay, inline once its target element is on the page, or the button with its optional
 * auto-open), the response it collects (started when the visitor first saw the survey: the overlay
 * opened, or the inline survey came into view), and its completion (the navoutSurveyCompleted
 * event, then the company's trigger).
 */
import type { PublicSurvey, PublicSurveyBundle, ResponseInput } from '@domain/survey/collection';
import type { Answers } from '@domain/survey/types';
import { debug } from '../loader/log';
import { waitForElement } from './inlineTarget';
import { mountInline, openOverlay, showLauncher, type PresentationContext, type RendererModule, type Shown, type SurveyHandlers } from './presentation';
import { responseSession, type ResponseSession } from './session';

export const COMPLETED_EVENT = 'navoutSurveyCompleted';

/** event.detail of navoutSurveyCompleted (and the callback trigger's argument). */
export interface CompletionDetail {
  surveyId: string;
  responseId: string;
  answers: Answers;
}

/** How long a redirect trigger waits, so the thank-you is read first. */
export const REDIRECT_DELAY_MS = 1500;

export interface PresentOptions {
  window: Window;
  survey: PublicSurvey;
  /** navout.show(): opens at once, as an overlay unless the survey is inline. */
  forced: boolean;
  /**
   * Inline mode: the widget's <script>, right after which a survey without a target element goes.
   * (An object, as when the loader found the target: navout.js and renderer.js are cached apart,
   * and an older renderer.js meeting a newer loader then puts the survey after the script.)
   */
  place: { script: HTMLScriptElement | null };
  nonce?: string;
  apiBase: string;
  fetch: typeof fetch;
  trigger: PublicSurveyBundle['trigger'];
  /** Sent when the response is started (read then: identifiers given meanwhile count). */
  visitor: () => Omit<ResponseInput, 'answers' | 'complete'>;
  /** The survey, or its button, is on screen. */
  onShown: () => void;
  onCompleted: (detail: CompletionDetail) => void;
  /** Closed by the visitor for good (the button of button mode stays until completion). */
  onClosed: () => void;
}

/** A presented survey, as the loader holds it. */
export interface Presented {
  /** Removes it from the page (navigation, navout.reset): no onClosed. */
  close: () => void;
  /** Whether the visitor has answered anything: such a survey stays through navigation. */
  answered: () => boolean;
  /** Sends answers still waiting for their save delay (the page is going away). */
  flush: () => void;
}

export function createPresenter(renderer: RendererModule) {
  return function presentSurvey(options: PresentOptions): Presented {
    const { window: win, survey, forced } = options;
    const { widget } = survey.embedSettings;
    const context: PresentationContext = { document: win.document, renderer, nonce: options.nonce, assetBase: options.apiBase };
    const views: Shown[] = [];
    let overlay: Shown | null = null;
    let session: ResponseSession | null = null;
    let answered = false;
    let completed = false;
    /** The response whose completion was announced: once, however often submit resolves. */
    let announced = '';
    let timer: number | undefined;
    /** Stops waiting for an inline survey's target element. */
    let stopWaiting: (() => void) | undefined;
    let gone = false;
    /** When the visitor first saw the survey itself (not its button), or first answered it. */
    let seenAt: Date | null = null;
    const seen = () => (seenAt ??= new Date());
    /** Stops watching for an inline survey to come into view. */
    let stopWatching: (() => void) | undefined;

    const close = () => {
      gone = true;
      win.clearTimeout(timer);
      stopWaiting?.();
      stopWatching?.();
      session?.flush();
      views.splice(0).forEach((view) => view.close());
    };

    const sessionOf = () => (session ??= openSession(renderer, options, seen()));

    const handlers: SurveyHandlers = {
      onAnswersChange: (answers) => {
        answered = true;
        sessionOf().change(answers);
      },
      onSubmit: async (answers) => {
        const { id: responseId } = await sessionOf().submit(answers);
        completed = true;
        if (announced === responseId) return;
        announced = responseId;
        announceCompletion(options, { surveyId: survey.id, responseId, answers });
      },
    };

    const shown = (view: Shown) => {
      views.push(view);
      options.onShown();
    };

    const open = () => {
      if (overlay || gone) return;
      overlay = openOverlay(context, survey, handlers, () => {
        const closed = overlay as Shown;
        overlay = null;
        if (gone) return;
        views.splice(views.indexOf(closed), 1);
        // Button mode keeps its button until the survey is completed.
        if (completed || forced || widget.displayMode !== 'button') {
          close();
          options.onClosed();
        }
      });
      seen();
      shown(overlay);
    };

    const later = (seconds: number, run: () => void) => {
      if (seconds > 0) timer = win.setTimeout(run, seconds * 1000);
      else run();
    };

    if (widget.displayMode === 'inline') {
      // Into its target element once the page has it (a single-page app renders late), else after the script.
      const mount = (target: Element | null) => {
        const view = mountInline(context, survey, { target, script: options.place.script }, handlers);
        stopWatching = whenInView(win, view.host, seen);
        shown(view);
      };
      const selector = widget.inlineTarget?.trim();
      if (selector) stopWaiting = waitForElement(win, selector, mount);
      else mount(null);
    } else if (forced) open();
    else if (widget.displayMode === 'overlay') later(widget.delay, open);
    else {
      shown(showLauncher(context, survey, open));
      if (widget.autoOpen) later(widget.delay, open);
    }

    return { close, answered: () => answered, flush: () => session?.flush(true) };
  };
}

/**
 * Calls `onSeen` once the element first comes into the viewport (an inline survey far down a page
 * is not seen when it is mounted); at once where IntersectionObserver is missing. Returns a stop.
 */
function whenInView(win: Window, element: Element, onSeen: () => void): () => void {
  const Observer = (win as Window & typeof globalThis).IntersectionObserver;
  if (typeof Observer !== 'function') {
    onSeen();
    return () => {};
  }
  const observer = new Observer((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    onSeen();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** The response's session: opened on the visitor's first answer, or a submit without one. */
function openSession(renderer: RendererModule, options: PresentOptions, startedAt: Date): ResponseSession {
  const { survey } = options;
  return responseSession({
    fetch: options.fetch,
    apiBase: options.apiBase,
    surveyId: survey.id,
    start: options.visitor(),
    clean: (answers) => renderer.submittedAnswers(survey.survey.questions, answers),
    startedAt,
    window: options.window,
  });
}

/** A completed response: the loader's callback, then the navoutSurveyCompleted event, then the company's trigger. */
function announceCompletion(options: PresentOptions, detail: CompletionDetail): void {
  options.onCompleted(detail);
  options.window.dispatchEvent(new CustomEvent(COMPLETED_EVENT, { detail }));
  runTrigger(options.window, options.trigger, detail);
}

/** The company's completion trigger: 'event' is the event itself and 'webhook' the server's. */
function runTrigger(win: Window, trigger: PublicSurveyBundle['trigger'], detail: CompletionDetail): void {
  if (trigger.triggerType === 'callback') {
    try {
      let target: unknown = win;
      for (const part of trigger.callbackName.split('.')) target = (target as Record<string, unknown> | undefined)?.[part];
      if (typeof target === 'function') target(detail);
      else debug(`completion callback "${trigger.callbackName}" is not a function`);
    } catch (error) {
      debug(`completion callback "${trigger.callbackName}" failed`, error);
    }
  }
  // Only web addresses: never javascript: or data: from a tampered setting.
  if (trigger.triggerType === 'redirect' && /^https?:\/\//i.test(trigger.redirectUrl)) {
    win.setTimeout(() => win.location.assign(trigger.redirectUrl), REDIRECT_DELAY_MS);
  }
}
