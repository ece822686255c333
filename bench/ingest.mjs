// Webhook ingestion of events through the real ingestion URL (POST /api/ingest/:id) of a BFF running
// in its own process, on PostgreSQL. The data is only what ingestion needs: one company and its
// admin, registered through the API on a BFF started without the demo, and a Webhook source of the
// company with its secret, connected through the API. Then CONCURRENCY
// senders posting batches of BATCH events (each with its own message id, so every delivery also
// records its ids for idempotency) for DURATION_S seconds: the events stored per second, against
// TARGET_EVENTS_PER_S. Then a paced phase: batches sent on a fixed timetable at the target rate
// (open loop, each batch on its own schedule whether or not the earlier ones have answered), the
// p99 of one batch's latency counted from the time it was due (so a stall is not hidden), against
// TARGET_P99_MS. The closed-loop phase's latency is mostly its own queue of senders, not a figure
// a sender at the target rate would see. The source's record count is checked against the
// accepted events at the end.
//
// Skipped with a notice when PostgreSQL is not reachable (BENCH_DATABASE_URL, see bff-overhead.mjs).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { bffEnv, createAccount, createPostgresDatabase, random32, startBff, stop, waitFor } from './bff-overhead.mjs';
import { createReport, loadNow, runAlone } from './report.mjs';

export const TARGET_EVENTS_PER_S = 2_000;
export const TARGET_P99_MS = 100;
const BATCH = 100;
const CONCURRENCY = 8;
const DURATION_S = Number(process.env.BENCH_INGEST_SECONDS ?? 15);
const WARM_UP_BATCHES = 20;
const PACED_SECONDS = Number(process.env.BENCH_INGEST_PACED_SECONDS ?? 10);
const BFF_PORT = 3919;
const EVENT_TYPES = ['view', 'view', 'view', 'click', 'add_to_cart', 'purchase'];

const sorted = (values) => [...values].sort((a, b) => a - b);
const percentile = (values, share) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * share) - 1)];

/** The company's Webhook source, connected through the API when its connector is there, else written directly. */
async function addWebhookSource(base, headers, url, companyId) {
  const connected = await fetch(`${base}/api/data-sources`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ catalogueId: 'webhook' }) });
  if (connected.status === 201) return (await connected.json()).id;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const id = randomUUID();
    await client.query(
      `insert into data_sources (id, company_id, name, description, type, catalogue_id, status, records, config, credentials, record_kind, fields, mapping, created_at, updated_at)
       values ($1, $2, 'Webhook', null, 'Custom API', 'webhook', 'active', 0, '{}', null, 'events', '[]', '{}', now(), now())`,
      [id, companyId],
    );
    return id;
  } finally {
    await client.end();
  }
}

function batchOf(random, sender, sequence) {
  const now = Date.now();
  return JSON.stringify(
    Array.from({ length: BATCH }, (_, position) => ({
      messageId: `bench-${sender}-${sequence}-${position}`,
      user_id: `BU-${Math.floor(random() * 50_000)}`,
      event_type: EVENT_TYPES[Math.floor(random() * EVENT_TYPES.length)],
      timestamp: new Date(now - Math.floor(random() * 86_400_000)).toISOString(),
      item_id: `ITEM-${Math.floor(random() * 2_000)}`,
      amount: Math.round(random() * 10_000) / 100,
    })),
  );
}

async function send(endpoint, secret, body) {
  const started = performance.now();
  const response = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Navout-Ingest-Secret': secret }, body });
  const answer = await response.json();
  if (response.status !== 200) throw new Error(`The ingestion URL answered ${response.status}: ${JSON.stringify(answer)}`);
  return { ms: performance.now() - started, accepted: answer.accepted };
}

/** The figures, or null when PostgreSQL is not reachable. */
export async function measureIngest() {
  const postgres = await createPostgresDatabase();
  if (!postgres) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-ingest-'));
  const env = bffEnv({ port: BFF_PORT, dataDir, databaseUrl: postgres.url }, { AUDIENCE_REFRESH_SECONDS: '86400' });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  const bff = startBff(env);
  try {
    await waitFor(`${base}/api/health`, { process: bff });
    const { headers, companyId } = await createAccount(base);
    const sourceId = await addWebhookSource(base, headers, postgres.url, companyId);
    const made = await fetch(`${base}/api/data-sources/${sourceId}/ingest-secret`, { method: 'POST', headers });
    if (!made.ok) throw new Error(`Making the ingestion secret failed: ${made.status}`);
    const { secret } = await made.json();
    const endpoint = `${base}/api/ingest/${sourceId}`;

    const warmRandom = random32(7);
    for (let sequence = 0; sequence < WARM_UP_BATCHES; sequence++) await send(endpoint, secret, batchOf(warmRandom, 'warm', sequence));

    const latencies = [];
    let accepted = 0;
    const started = performance.now();
    const deadline = started + DURATION_S * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, sender) => {
        const random = random32(1000 + sender);
        for (let sequence = 0; performance.now() < deadline; sequence++) {
          const result = await send(endpoint, secret, batchOf(random, sender, sequence));
          latencies.push(result.ms);
          accepted += result.accepted;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const closedAccepted = accepted;
    const closedLoad = loadNow();

    // Paced: one batch every BATCH / TARGET_EVENTS_PER_S seconds, latency from when it was due.
    const interval = (BATCH / TARGET_EVENTS_PER_S) * 1000;
    const pacedRandom = random32(4242);
    const paced = [];
    const pacedStart = performance.now() + 50;
    const pending = [];
    for (let sequence = 0; sequence * interval < PACED_SECONDS * 1000; sequence++) {
      const due = pacedStart + sequence * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const body = batchOf(pacedRandom, 'paced', sequence);
      pending.push(
        send(endpoint, secret, body).then((result) => {
          paced.push(performance.now() - due);
          accepted += result.accepted;
        }),
      );
    }
    await Promise.all(pending);
    const pacedLoad = loadNow();

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const stored = Number((await client.query('select records from data_sources where id = $1', [sourceId])).rows[0].records);
    await client.end();
    return {
      eventsPerSecond: closedAccepted / seconds,
      closedP99: percentile(latencies, 0.99),
      p50: percentile(paced, 0.5),
      p99: percentile(paced, 0.99),
      batches: latencies.length,
      pacedBatches: paced.length,
      accepted: closedAccepted,
      seconds,
      countMatches: stored === accepted + WARM_UP_BATCHES * BATCH,
      closedLoad,
      pacedLoad,
    };
  } finally {
    await stop(bff);
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function printIngestBenchmark(log = console.info) {
  const report = createReport(log);
  report.heading(
    `Webhook ingestion, PostgreSQL, POST /api/ingest/:sourceId with batches of ${BATCH} events: ${CONCURRENCY} senders for ${DURATION_S} s, then paced at ` +
      `${TARGET_EVENTS_PER_S.toLocaleString('en-US')} events/s for ${PACED_SECONDS} s`,
  );
  const measured = await measureIngest();
  if (!measured) {
    report.line('postgresql   skipped: PostgreSQL is not reachable (set BENCH_DATABASE_URL)');
    return 0;
  }
  report.figure(
    'throughput, closed loop',
    `${Math.round(measured.eventsPerSecond).toLocaleString('en-US')} events/s (${measured.accepted.toLocaleString('en-US')} events in ${measured.batches} batches, ${measured.seconds.toFixed(1)} s; their p99 ${measured.closedP99.toFixed(1)} ms, the senders' own queue)`,
    { target: `at least ${TARGET_EVENTS_PER_S.toLocaleString('en-US')} events/s`, ok: measured.eventsPerSecond >= TARGET_EVENTS_PER_S, load: measured.closedLoad },
  );
  report.figure(
    `p99, paced at ${TARGET_EVENTS_PER_S.toLocaleString('en-US')} events/s`,
    `${measured.p99.toFixed(1)} ms (median ${measured.p50.toFixed(1)} ms, ${measured.pacedBatches} batches, latency from when each was due)`,
    { target: `under ${TARGET_P99_MS} ms`, ok: measured.p99 < TARGET_P99_MS, load: measured.pacedLoad },
  );
  report.figure('record count', measured.countMatches ? 'matches the accepted events' : 'differs from the accepted events', { target: 'equal', ok: measured.countMatches });
  return report.missed;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printIngestBenchmark);
