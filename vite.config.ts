import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { themeInitScriptPlugin } from './src/theme/initScript';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The path aliases of tsconfig.json, shared by Vite, Vitest and Storybook. */
export const aliases = {
  '@': fromRoot('./src'),
  '@domain': fromRoot('./src/domain'),
  '@bff': fromRoot('./bff'),
  '@widget': fromRoot('./widget'),
  '@tokens': fromRoot('./design-tokens/build'),
};

export default defineConfig({
  plugins: [react(), themeInitScriptPlugin()],
  resolve: { alias: aliases },
  server: {
    port: 5173,
    // The BFF sees the browser's address in X-Forwarded-For (`npm run dev` starts it with
    // TRUST_PROXY=true), not this proxy's own (::1, which is nobody's).
    proxy: { '/api': { target: 'http://localhost:3000', xfwd: true } },
  },
  build: {
    outDir: 'dist',
    // The bundle benchmark reads which chunks each route loads from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // No <link rel="modulepreload"> per dependency of a lazy chunk: appending one for each of the
    // 40-90 chunks a screen imports blocked the main thread longer (tens of milliseconds before
    // a phone's slowdown) than the browser takes to find the same imports in the chunks it loads.
    // Measured in turns against the build with preloading (docs/benchmarks.md).
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is downloaded by every route anyway: one chunk
          // instead of a dozen (React DOM, the router, Emotion, MUI's styling core, TanStack Query
          // split apart by which lazy chunks also use them). Fewer files compress better and cost
          // fewer requests: about 5 KB less gzipped on each first route.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
