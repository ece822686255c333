import { DARK_SCHEME_QUERY, THEME_ATTRIBUTE, THEME_STORAGE_KEY } from './mode';

/**
 * Runs in <head> before the bundle loads, so the first paint already has the right colours: the
 * page's CSS variables switch on the data-theme attribute, and React would set it only after
 * rendering. Until the theme's stylesheet arrives, a color-scheme rule keyed on the same attribute
 * gives the browser's own canvas the chosen mode (no white page for a dark choice). The rule is
 * resolveInitialMode's (mode.ts), written as plain ES5 because it runs unbundled.
 */
export const themeInitScript = [
  '(function () {',
  '  var mode = null;',
  `  try { mode = window.localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)}); } catch (e) {}`,
  "  if (mode !== 'light' && mode !== 'dark') {",
  `    mode = window.matchMedia && window.matchMedia(${JSON.stringify(DARK_SCHEME_QUERY)}).matches ? 'dark' : 'light';`,
  '  }',
  `  document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)}, mode);`,
  "  var style = document.createElement('style');",
  `  style.textContent = ${JSON.stringify(
    `:root[${THEME_ATTRIBUTE}="light"]{color-scheme:light}:root[${THEME_ATTRIBUTE}="dark"]{color-scheme:dark}`,
  )};`,
  '  document.head.appendChild(style);',
  '})();',
].join('\n');

/** A Vite plugin that puts themeInitScript first in index.html's <head>. */
export function themeInitScriptPlugin() {
  return {
    name: 'navout-theme-init-script',
    transformIndexHtml: () => [{ tag: 'script', children: themeInitScript, injectTo: 'head-prepend' as const }],
  };
}
