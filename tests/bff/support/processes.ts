/**
 * The BFF's own scripts run as child processes (bff/server.ts, bff/seed-demo.ts, or the compiled
 * server's .js), with an environment of their own and their output kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** The environment of a child process: this one's, without any database or SSO settings leaking in. */
function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^(DATABASE_URL|TEST_DATABASE_URL|SEED_DEMO|JWT_|SSO_|SMTP_|PORT)/.test(name)) delete env[name];
  // The whole demo is seeded, with 2 % of its generated activity: every seeder runs, in seconds.
  return { ...env, LOG_LEVEL: 'info', STATIC_DIR: '/nonexistent-dashboard', DEMO_SCALE_PERCENT: '2', ...settings };
}

/**
 * Runs `script`: compiled JavaScript as `npm start` runs it, TypeScript with tsx's loader in the
 * process itself. Not through the tsx command, which runs the script in a child of its own and,
 * on SIGTERM, kills that child outright when it has not said within 30 ms that the signal arrived:
 * on a busy machine a server was then killed mid-shutdown (exit code 143) instead of stopping.
 */
export function run(script: string, settings: Record<string, string>): Running {
  let output = '';
  const args = script.endsWith('.js') ? ['--enable-source-maps', script] : ['--import', 'tsx', script];
  const child = spawn(process.execPath, args, { env: childEnv(settings), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

// The first start seeds the demo (every company's accounts, data, surveys, calls and profiles).
export const SEED_MS = 240_000;

/** Resolves when the process has printed `text` (a RegExp: output it matches); fails if it exits first or takes longer than timeoutMs. */
export function waitFor(running: Running, text: string | RegExp, timeoutMs = SEED_MS): Promise<void> {
  const printed = () => (typeof text === 'string' ? running.output().includes(text) : text.test(running.output()));
  if (printed()) return Promise.resolve();
  return new Promise((done, fail) => {
    const check = () => {
      if (!printed()) return;
      stop();
      done();
    };
    // 'close' comes after the process's output has all been read, so its last lines are checked too.
    const closed = () => {
      stop();
      if (printed()) done();
      else fail(new Error(`The process exited early:\n${running.output()}`));
    };
    const timer = setTimeout(() => {
      stop();
      fail(new Error(`Timed out waiting for "${text}":\n${running.output()}`));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      running.child.stdout!.off('data', check);
      running.child.stderr!.off('data', check);
      running.child.off('close', closed);
    };
    // Listeners added after run()'s own, so the output already holds the chunk when check reads it.
    running.child.stdout!.on('data', check);
    running.child.stderr!.on('data', check);
    running.child.once('close', closed);
  });
}

