/**
 * Where an inline survey goes: its target element, which a single-page app may render late. Waited
 * for here, in the second stage, once the loader has decided to show the survey: the loader stays
 * small, and closing the presented survey (navigation, navout.reset, destroy) stops the wait.
 */
import { debug } from '../loader/log';

/** How long an inline survey waits for its target element (a single-page app renders late). */
export const INLINE_TARGET_WAIT_MS = 10_000;

/** Calls `found` with the first element matching `selector`, now or when the page adds it. */
export function waitForElement(win: Window, selector: string, found: (element: Element) => void): () => void {
  const doc = win.document;
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
