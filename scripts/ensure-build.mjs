// Builds what a start needs when it is missing or older than its sources, so `npm start` and
// `npm run worker` work on a fresh clone without a separate build step and stay fast on later starts.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, SERVER_OUT_DIR, SERVER_SOURCES } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const DASHBOARD_SOURCES = ['src', 'design-tokens', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'build' || entry === 'node_modules' || entry.endsWith('.stories.tsx') || entry.includes('.test.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether `built` is missing or older than any of `sources`. */
function stale(built, sources) {
  return !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map((source) => newestMtime(join(root, source))));
}

/** The dashboard (and the widget), as `npm run build` makes them. */
export function ensureDashboardBuild() {
  if (!stale(join(root, 'dist', 'index.html'), DASHBOARD_SOURCES)) return;
  console.info('Building the dashboard (first start or changed sources)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

/** The compiled server (scripts/build-server.mjs), which `npm run build` also makes. */
export async function ensureServerBuild() {
  if (!stale(join(SERVER_OUT_DIR, 'server.js'), SERVER_SOURCES)) return;
  console.info('Compiling the server (first start or changed sources)...');
  await buildServer();
}
