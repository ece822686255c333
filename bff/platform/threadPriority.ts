import { setPriority } from 'node:os';

/**
 * The niceness of the worker threads that build (audience profiles, prediction snapshots): on a
 * busy machine the web process's event loop gets a core first, and a build takes what is left.
 */
export const BUILD_THREAD_NICENESS = 10;

/**
 * Lowers the calling worker thread's priority. On Linux setpriority with pid 0 applies to the
 * calling thread alone; elsewhere it would lower the whole server's, so it is left alone there.
 */
export function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(BUILD_THREAD_NICENESS);
  } catch {
    // Not permitted here: the thread runs at the server's priority.
  }
}
