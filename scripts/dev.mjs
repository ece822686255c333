// `npm run dev`: Vite with hot reload on :5173 (proxying /api) and the BFF on :3000, restarted on change.
import { spawn } from 'node:child_process';

const child = spawn(
  'npx',
  [
    'concurrently',
    '--kill-others-on-fail',
    '--names', 'web,bff',
    '--prefix-colors', 'cyan,magenta',
    'npm run tokens && vite',
    'tsx watch --clear-screen=false --include "src/domain/**" bff/server.ts',
  ],
  // Vite's proxy forwards the browser's address (xfwd): the BFF reads it, as it would behind a real proxy.
  { stdio: 'inherit', shell: false, env: { ...process.env, TRUST_PROXY: process.env.TRUST_PROXY ?? 'true' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
