import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker thread whose entry is the module `entry` beside `besideUrl` (the caller's
 * `import.meta.url`): TypeScript under tsx in dev, tests and the server, JavaScript once compiled.
 * tsx's loader is registered in the thread itself before the entry is imported, because an
 * `--import` in execArgv is not applied to worker threads on Node 20.
 */
export function startWorkerThread(entry: string, besideUrl: string, options: WorkerOptions = {}): Worker {
  const typescript = besideUrl.endsWith('.ts');
  const url = new URL(`./${entry}${typescript ? '.ts' : '.js'}`, besideUrl);
  return typescript
    ? new Worker(`import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(url.href)});`, { ...options, eval: true })
    : new Worker(url, options);
}
