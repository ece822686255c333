// GET /api/health asked on a fixed cadence while clients send a BFF its heaviest requests: how
// long a request that needs nothing but the event loop waits while the heavy ones run. Used by the
// dashboard and survey-responses benchmarks; its target is the same for both.

import { request } from 'node:http';

export const HEALTH_TARGET_MS = 100;
export const PROBE_MS = 50;
export const HEAVY_SECONDS = 20;
export const HEAVY_CLIENTS = 2;

const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)];

/**
 * GETs `url` as a browser would (asking for brotli or gzip) and reads the answer to its end
 * without decompressing or keeping it; answers its status. The load generator shares the cores
 * and the probes' event loop: kept whole, the CSV export of a million responses held that loop
 * for about two seconds late in a run, and drained through fetch's stream (decompressed, a
 * promise per piece) the dashboard's answers held it for hundreds of milliseconds at a time,
 * waits the probes counted as the BFF's (its own log showed every probe answered within 45 ms).
 */
function readAndDrop(url, headers, signal) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { ...headers, 'Accept-Encoding': 'br, gzip' }, signal }, (answer) => {
      answer.on('error', reject);
      answer.on('end', () => resolve(answer.statusCode));
      answer.resume();
    });
    sent.on('error', reject);
    sent.end();
  });
}

/**
 * `heavy` paths are sent back to back by HEAVY_CLIENTS clients for HEAVY_SECONDS, each read to its
 * end (a streamed export is cut off at the deadline); meanwhile GET /api/health every PROBE_MS,
 * timed from when it was due, so a probe that had to wait counts its wait.
 */
export async function measureHealthUnderLoad(base, headers, heavy) {
  const deadline = performance.now() + HEAVY_SECONDS * 1000;
  const stopAt = AbortSignal.timeout(HEAVY_SECONDS * 1000);
  const statuses = new Map();
  const clients = Array.from({ length: HEAVY_CLIENTS }, async (_, client) => {
    for (let index = client; performance.now() < deadline; index++) {
      try {
        const status = await readAndDrop(`${base}${heavy[index % heavy.length]}`, headers, stopAt);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      } catch (failure) {
        if (stopAt.aborted) return;
        throw failure;
      }
    }
  });
  const latencies = [];
  const probe = (async () => {
    let due = performance.now();
    while (due < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - due);
      due += PROBE_MS;
      // A probe slower than its interval is not followed by a burst of catching up.
      due = Math.max(due, performance.now());
    }
  })();
  await Promise.all([...clients, probe]);
  return { p99: p99(latencies), slowest: Math.max(...latencies), asked: latencies.length, statuses: Object.fromEntries(statuses) };
}

/** "12 × 200, 3 × 503" */
export const describeStatuses = (statuses) => Object.entries(statuses).map(([status, count]) => `${count} × ${status}`).join(', ');
