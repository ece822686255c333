/**
 * The embed code's script (dist/widget/navout.js, a classic script built by
 * widget/loader.vite.config.ts). Reads its own attributes, puts the JavaScript API on
 * window.navout (running the calls queued there before it loaded) and starts the widget.
 * Nothing it does may break the host page: every failure is caught and only logged at debug level.
 */
import { findScript, readScriptConfig, rendererUrl } from './config';
import type { NavoutCommand } from './globals';
import { debug } from './log';
import { createWidget, type SecondStage } from './widget';

try {
  const script = findScript(document);
  const config = readScriptConfig(script);
  const existing = window.navout;
  if (!config || !script) {
    debug('the embed code needs data-company-id and data-api-base');
  } else if (existing && !Array.isArray(existing)) {
    debug('already running on this page');
  } else {
    const url = rendererUrl(script, config.apiBase);
    const widget = createWidget(config, {
      window,
      fetch: window.fetch.bind(window),
      // A module import, not an injected <script>: no global handshake, and the browser fetches it
      // with this script's nonce under a nonce-based script-src.
      loadStage: () => import(/* @vite-ignore */ url) as Promise<SecondStage>,
    });
    const queued: NavoutCommand[] = Array.isArray(existing) ? existing : [];
    window.navout = widget.api;
    widget.start().catch((error: unknown) => debug('stopped', error));
    for (const command of queued) widget.api.push(command);
  }
} catch (error) {
  debug('could not start', error);
}
