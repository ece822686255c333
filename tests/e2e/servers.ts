/**
 * The end-to-end run's servers: one per Playwright worker, on consecutive ports from E2E_PORT, so
 * two workers' spec files each have a server and database of their own.
 */
export const E2E_SERVERS = 2;

const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The port of the server that worker slot `index` (Playwright's parallelIndex) talks to. */
export function serverPort(index: number): number {
  return FIRST_PORT + (index % E2E_SERVERS);
}
