/**
 * The widget's second stage: widget/display/index.ts (the renderer's mountSurvey, the overlay,
 * inline and button presentation, the response it collects) built with Preact into
 * dist/widget/renderer.js, beside the dashboard's build in dist/ (which the BFF serves). The
 * loader (widget/loader.vite.config.ts, built after this) imports it when a survey must show.
 * Run after the dashboard's build: `vite build -c widget/vite.config.ts`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * React's API served by Preact. Exact matches, so `react-dom/client` and the JSX runtimes map to
 * their own Preact modules.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig({
  root: fromRoot('.'),
  // Only the bundle: the dashboard's public/ files are the dashboard build's to copy.
  publicDir: false,
  resolve: {
    alias: [
      ...preactAliases,
      { find: '@domain', replacement: fromRoot('src/domain') },
      { find: '@tokens', replacement: fromRoot('design-tokens/build') },
    ],
  },
  build: {
    outDir: fromRoot('dist/widget'),
    // Only dist/widget is emptied: the dashboard's files and manifest in dist/ stay.
    emptyOutDir: true,
    target: 'es2020',
    // An app build of one script rather than a library build: Vite never strips whitespace from
    // an ES library, and this file goes to every visitor that is shown a survey.
    modulePreload: false,
    rolldownOptions: {
      input: fromRoot('widget/display/index.ts'),
      preserveEntrySignatures: 'exports-only',
      output: { format: 'es', entryFileNames: 'renderer.js' },
    },
  },
});
