// GET /api/health asked on a fixed cadence while clients send a BFF its heaviest requests: how
// long a request that needs nothing but the event loop waits while the heavy ones run. Used by the
// dashboard and survey-responses benchmarks; its target is the same for both.

export const HEALTH_TARGET_MS = 100;
export const PROBE_MS = 50;
export const HEAVY_SECONDS = 20;
export const HEAVY_CLIENTS = 2;

const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)];

/**
 * Reads an answer to its end, dropping each piece as it arrives. Kept whole, the CSV export of a
 * million responses held this process's own event loop for about two seconds late in a run, and
 * the probes counted that wait as the BFF's (its log showed every probe answered within 45 ms).
 */
async function drain(response) {
  if (!response.body) return;
  for await (const piece of response.body) void piece;
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
        const response = await fetch(`${base}${heavy[index % heavy.length]}`, { headers, signal: stopAt });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        await drain(response);
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
