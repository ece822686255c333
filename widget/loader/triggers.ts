/**
 * Behaviour triggers: when a survey that passed targeting appears. With triggers on, the FIRST of
 * the configured ones to happen shows it (any, not all: "scroll half the page or stay 30 s"):
 *  - scrollDepth %   the bottom of the viewport has reached that share of the page (checked at
 *                    once too: a page shorter than the viewport is seen whole)
 *  - timeOnPage s    seconds since this page view began (a single-page app's navigation starts one)
 *  - exitIntent      the pointer leaves through the top of the window (desktops only: never on touch)
 *  - elementClick    a click on, or inside, an element matching the selector
 * Triggers on but none configured: shown at once.
 */
import type { BehaviorTriggers } from '@domain/survey/types';

export interface TriggerEnvironment {
  window: Window;
  /** When this page view began (ms, Date.now clock). */
  pageStartedAt: number;
  /** Exit intent is a desktop gesture: off on touch devices. */
  desktop: boolean;
}

/** How far down the page the viewport's bottom is, 0-100. */
export function scrolledPercent(win: Window): number {
  const page = win.document.documentElement;
  const height = Math.max(page.scrollHeight, win.document.body?.scrollHeight ?? 0);
  if (height <= win.innerHeight) return 100;
  return ((win.scrollY + win.innerHeight) / height) * 100;
}

/** Calls `fire` once, when the triggers say so; returns a cancel function. */
export function whenTriggered(triggers: BehaviorTriggers, env: TriggerEnvironment, fire: () => void): () => void {
  const { window: win } = env;
  const cleanups: Array<() => void> = [];
  let done = false;
  const cancel = () => {
    done = true;
    cleanups.splice(0).forEach((cleanup) => cleanup());
  };
  const go = () => {
    if (done) return;
    cancel();
    fire();
  };
  const listen = (target: EventTarget, type: string, handler: (event: Event) => void, options?: AddEventListenerOptions) => {
    target.addEventListener(type, handler, options);
    cleanups.push(() => target.removeEventListener(type, handler, options));
  };

  if (!triggers.enabled) {
    go();
    return cancel;
  }
  let configured = false;

  if (triggers.scrollDepth > 0) {
    configured = true;
    const check = () => {
      if (scrolledPercent(win) >= triggers.scrollDepth) go();
    };
    listen(win, 'scroll', check, { passive: true });
    // After the page's own start-up code ran, so its layout is there to measure.
    const timer = win.setTimeout(check, 0);
    cleanups.push(() => win.clearTimeout(timer));
  }

  if (triggers.timeOnPage > 0) {
    configured = true;
    const wait = Math.max(0, triggers.timeOnPage * 1000 - (Date.now() - env.pageStartedAt));
    const timer = win.setTimeout(go, wait);
    cleanups.push(() => win.clearTimeout(timer));
  }

  if (triggers.exitIntent) {
    // Configured on a touch device too: there is no exit gesture there, so it never fires (a
    // survey meant for leaving visitors does not pop up at once instead).
    configured = true;
    const leaving = (event: Event) => {
      const mouse = event as MouseEvent;
      if (!mouse.relatedTarget && mouse.clientY <= 0) go();
    };
    if (env.desktop) listen(win.document, 'mouseout', leaving);
  }

  const selector = triggers.elementClick.trim();
  if (selector) {
    configured = true;
    // Captured, so a page that stops the click's propagation still triggers the survey.
    listen(
      win.document,
      'click',
      (event) => {
        try {
          if ((event.target as Element | null)?.closest?.(selector)) go();
        } catch {
          // An invalid selector matches nothing.
        }
      },
      { capture: true },
    );
  }

  if (!configured) go();
  return cancel;
}
