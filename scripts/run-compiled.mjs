// Runs an entry of the compiled server ('server' for `npm start`, 'worker' for `npm run worker`),
// compiling it first when it is missing or out of date. The entry runs as a child so that SIGTERM
// and SIGINT reach it directly and it can shut down gracefully; its exit code is this process's.
import { spawn } from 'node:child_process';
import { compiledEntryArgs } from './build-server.mjs';
import { ensureServerBuild } from './ensure-build.mjs';

export async function runCompiled(entry, env = process.env) {
  await ensureServerBuild();
  const child = spawn(process.execPath, compiledEntryArgs(entry), { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
