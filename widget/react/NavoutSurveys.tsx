/**
 * Navout's surveys on a React site: renders nothing, and loads the same widget script as the HTML
 * embed code (so targeting, presentation and collection are the server's current ones). Render it
 * once, near the root. Identifiers given as a prop are read by the widget (window.navoutIdentifiers)
 * and passed to navout.identify() when they change. Unmounting stops the widget (navout.destroy()).
 */
import { useEffect } from 'react';
import type { NavoutApi, NavoutCommand } from '../loader/globals';

export interface NavoutSurveysProps {
  /** The company's id, as in the embed code. */
  companyId: string;
  /** Navout's address (the embed code's data-api-base), e.g. https://navout.example.com */
  apiBase: string;
  /** Identifier fields and their values, e.g. { user_email: user.email }. */
  identifiers?: Record<string, string>;
  /** The page's Content-Security-Policy nonce, when script-src uses one. */
  nonce?: string;
  /** The widget script; `${apiBase}/widget/navout.js` by default. */
  scriptUrl?: string;
}

const MARK = 'data-navout-react';

function liveApi(): NavoutApi | null {
  const current = window.navout;
  return current && !Array.isArray(current) ? current : null;
}

/** Calls the widget, or queues the call for when its script has run. */
function callNavout(...command: NavoutCommand): void {
  const api = liveApi();
  if (api) api.push(command);
  else (window.navout = (window.navout as NavoutCommand[] | undefined) ?? []).push(command);
}

let script: HTMLScriptElement | null = null;
let teardownTimer: number | undefined;

function teardown(): void {
  if (!script) return;
  callNavout('destroy');
  script.remove();
  script = null;
  delete window.navoutIdentifiers;
}

export function NavoutSurveys({ companyId, apiBase, identifiers, nonce, scriptUrl }: NavoutSurveysProps) {
  const src = scriptUrl ?? `${apiBase.replace(/\/+$/, '')}/widget/navout.js`;

  useEffect(() => {
    // A remount right after an unmount (React's StrictMode, a moved tree) keeps the running widget.
    window.clearTimeout(teardownTimer);
    const same = script?.getAttribute('src') === src && script.dataset.companyId === companyId && script.dataset.apiBase === apiBase;
    if (!same) {
      teardown();
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.companyId = companyId;
      script.dataset.apiBase = apiBase;
      if (nonce) script.nonce = nonce;
      script.setAttribute(MARK, '');
      document.head.append(script);
    }
    return () => {
      teardownTimer = window.setTimeout(teardown, 0);
    };
  }, [companyId, apiBase, src, nonce]);

  // Compared by content: a new object with the same values is no change.
  const identifiersKey = JSON.stringify(identifiers ?? {});
  useEffect(() => {
    const values = JSON.parse(identifiersKey) as Record<string, string>;
    window.navoutIdentifiers = values;
    if (Object.keys(values).length) liveApi()?.identify(values);
  }, [identifiersKey]);

  return null;
}
