// Builds the dashboard when dist/ is missing or older than its sources, so `npm start` works on a
// fresh clone without a separate build step and stays fast on later starts.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'index.html');
const sources = ['src', 'design-tokens', 'public', 'index.html', 'vite.config.ts', 'package.json'];

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

const sourceTime = Math.max(...sources.map((source) => newestMtime(join(root, source))));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.info('Building the dashboard (first start or changed sources)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
