/**
 * The widget's small builds, after widget/vite.config.ts (which empties dist/widget):
 *  - default: the loader, widget/loader/index.ts → dist/widget/navout.js, one classic script
 *    (IIFE) for the embed code's <script async> tag. Target: at most 5 KB gzipped.
 *  - `--mode react`: widget/react/index.ts → dist/widget/react.js, an ES module for React sites
 *    that imports `react` (the site's own) and loads navout.js like the HTML embed code.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { INTERNAL_PROPERTY_NAMES } from './loader/internalNames';

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export default defineConfig(({ mode }) => {
  const react = mode === 'react';
  return {
    root: fromRoot('.'),
    publicDir: false,
    resolve: { alias: [{ find: '@domain', replacement: fromRoot('src/domain') }] },
    build: {
      outDir: fromRoot('dist/widget'),
      // renderer.js is already there.
      emptyOutDir: false,
      // Class fields and optional chaining as they are: no helpers (every evergreen browser).
      target: 'es2022',
      modulePreload: false,
      // react.js is copied into customers' projects: kept readable.
      minify: !react,
      rolldownOptions: {
        input: fromRoot(react ? 'widget/react/index.ts' : 'widget/loader/index.ts'),
        external: react ? ['react'] : [],
        preserveEntrySignatures: react ? 'exports-only' : false,
        output: react
          ? { format: 'es', entryFileNames: 'react.js' }
          : {
              format: 'iife',
              entryFileNames: 'navout.js',
              // The minifier shortens variables, not properties: the loader's own state
              // (state.config, entry.cancels...) would keep its long names (about 0.2 KB gzipped).
              // Shortened too, but only the names in loader/internalNames.ts, which says what a name
              // must satisfy (nothing outside navout.js may ever see it) and whose test checks it.
              minify: { mangleProps: { include: new RegExp(`^(${INTERNAL_PROPERTY_NAMES.join('|')})$`) } },
            },
      },
    },
  };
});
