// `npm start`: the built dashboard and the compiled BFF on one port. The server runs as a child so
// that SIGTERM and SIGINT reach it directly and it can shut down gracefully.
import { spawn } from 'node:child_process';
import { ensureDashboardBuild, ensureServerBuild } from './ensure-build.mjs';

ensureDashboardBuild();
await ensureServerBuild();
const server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/server.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
