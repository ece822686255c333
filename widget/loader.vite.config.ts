/**
 * The widget's small builds, after widget/vite.config.ts (which empties dist/widget):
 *  - default: the loader, widget/loader/index.ts → dist/widget/navout.js, one classic script
 *    (IIFE) for the embed code's <script async> tag. Target: at most 5 KB gzipped.
 *  - `--mode react`: widget/react/index.ts → dist/widget/react.js, an ES module for React sites
 *    that imports `react` (the site's own) and loads navout.js like the HTML embed code.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

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
          : { format: 'iife', entryFileNames: 'navout.js' },
      },
    },
  };
});
