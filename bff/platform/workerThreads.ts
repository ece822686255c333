import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker thread whose entry is the module `entry` beside `besideUrl` (the caller's
 * `import.meta.url`): JavaScript in the compiled server (`npm start`), TypeScript under tsx or
 * Vitest (`npm run dev`, tests). The entry's file is named *Worker.ts: the server's build
 * (scripts/build-server.mjs) compiles each such file as an entry module, beside the shared code.
 * Under tsx, its loader is registered in the thread itself before the entry is imported, because
 * an `--import` in execArgv is not applied to worker threads on Node 20.
 */
export function startWorkerThread(entry: string, besideUrl: string, options: WorkerOptions = {}): Worker {
  const typescript = besideUrl.endsWith('.ts');
  const url = new URL(`./${entry}${typescript ? '.ts' : '.js'}`, besideUrl);
  return typescript
    ? new Worker(`import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(url.href)});`, { ...options, eval: true })
    : new Worker(url, options);
}
