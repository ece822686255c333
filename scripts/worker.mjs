// `npm run worker`: the deployment's background jobs in a process of their own (bff/worker.ts),
// compiled as `npm start` runs the server. A child, as there, so that signals reach it directly.
import { spawn } from 'node:child_process';
import { ensureServerBuild } from './ensure-build.mjs';

await ensureServerBuild();
const worker = spawn(process.execPath, ['--enable-source-maps', 'dist-server/worker.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
