// Audience Intelligence over a large company, through the real HTTP routes of a BFF running in its
// own process, on PostgreSQL. The company and its admin are registered through the API on a BFF
// started without the demo; the audience screens are the platform's own, so the company is then
// made the internal one and its admin a Global Admin (as the demo's Navout admin is), in the
// database. The company holds 200,000 people (people records of four connected sources of
// different kinds, each with a user id and an e-mail) and 1,000,000 events (four connected event
// sources and the prediction API, by user id, anonymous id or both, over the last 90 days). The rows
// are written straight into data_records as the connectors and the prediction API store them, then
// VACUUM ANALYZE as autovacuum would have run: set-up, not measured.
//
// Measured: the full profile rebuild (POST /api/audience-intelligence/rebuild, then GET
// /jobs/{id} polled until the job is done). Target: under REBUILD_TARGET_S, and the build worker's
// peak resident memory under WORKER_RSS_TARGET_MB. The worker is a thread of the BFF's process, and
// Linux counts resident memory per process, not per thread: the figure is the process's peak during
// the build (VmHWM, reset through /proc/<pid>/clear_refs when the build starts; sampled VmRSS where
// that is not allowed) less its resident memory just before: what the build added, the worker's
// heap and its database client included (the main thread's own growth meanwhile counts too, so the
// figure errs high; the process's peak is printed beside it). Meanwhile the BFF's event loop: the longest
// delay the BFF itself saw while the build ran (monitorEventLoopDelay, in its "Audience profiles
// built" log line), target under EVENT_LOOP_TARGET_MS since the build runs in a worker thread, and
// GET /api/health asked every PROBE_MS: its p99 under HEALTH_TARGET_MS (healthUnderLoad.mjs). Then,
// once the build's previous generation is deleted and the audience tables vacuumed and analysed as
// autovacuum would after that many changes, GET /metrics and a filtered users page (web, high risk,
// seen in the last 30 days), the median of several calls each. Target: each under READ_TARGET_MS.
// The machine's load average is printed beside each figure, and sampled through the rebuild.
//
// Skipped with a notice when BENCH_DATABASE_URL (or TEST_DATABASE_URL, or
// postgres://postgres@127.0.0.1:5432/test) is not reachable.
//
// Writing the records takes a minute on a quiet machine (58.6 s), over two minutes on two busy cores
// (144 s at load 9-23), and the database is dropped at the end.
// BENCH_AUDIENCE_KEEP=1 keeps it instead, as KEPT_DATABASE, and the next run with the option set
// measures on it again: the company's audience rows, builds and jobs are deleted first (the
// rebuild measured is a first build, as on a fresh database), the records are kept. The records'
// times stay those of the day they were written (events over the 90 days before it), so a run on a
// kept database days later classifies the same people differently, at the same cost.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { HEALTH_TARGET_MS } from './healthUnderLoad.mjs';
import { BENCH_ACCOUNT, bffEnv, createAccount, createPostgresDatabase, random32, signIn, startBff, stop, waitFor } from './bff-overhead.mjs';
import { memoryWatch, procStatus } from './memory.mjs';
import { createReport, loadNow, runAlone, watchLoad } from './report.mjs';

export const AUDIENCE_PEOPLE = 200_000;
export const AUDIENCE_EVENTS = 1_000_000;
export const READ_TARGET_MS = 150;
export const EVENT_LOOP_TARGET_MS = 100;
export const REBUILD_TARGET_S = 60;
export const WORKER_RSS_TARGET_MB = 600;
const PROBE_MS = 50;

const BFF_PORT = 3913;
const CALLS = 7;
const DAY_MS = 86_400_000;
const ROWS_PER_STATEMENT = 10_000;
const POLL_MS = 1_000;
const BUILD_TIMEOUT_MS = 30 * 60_000;
const MAX_POLL_RESETS = 20;
const CLEANUP_TIMEOUT_MS = 10 * 60_000;
const FILTERED_USERS = 'dataSource=web&risk=high&recency=30';
export const KEPT_DATABASE = 'navout_bench_audience_kept';
const KEEP = process.env.BENCH_AUDIENCE_KEEP === '1';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const formatRows = (rows) => rows.toLocaleString('en-US');

/** Picks from [value, weight] pairs. */
const weighted = (random, pairs) => {
  let left = random() * pairs.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of pairs) {
    left -= weight;
    if (left < 0) return value;
  }
  return pairs[pairs.length - 1][0];
};

// Connected sources of each kind the builder tells apart (web, CRM, e-mail, support, analytics);
// mobile comes from prediction-API events that name a handheld device.
const PEOPLE_SOURCES = [
  { key: 'salesforce', name: 'Salesforce', type: 'CRM Systems', weight: 4 },
  { key: 'shopify', name: 'Shopify', type: 'E-commerce Platforms', weight: 3 },
  { key: 'mailchimp', name: 'Mailchimp', type: 'Email Marketing', weight: 2 },
  { key: 'notion', name: 'Notion', type: 'Productivity Tools', weight: 1 },
];
const EVENT_SOURCES = [
  { key: 'google-analytics', name: 'Google Analytics', type: 'Web Analytics', weight: 35 },
  { key: 'segment', name: 'Segment', type: 'Analytics & Growth', weight: 25 },
  { key: 'stripe', name: 'Stripe', type: 'Payment Processing', weight: 10 },
  { key: 'calendly', name: 'Calendly', type: 'Productivity Tools', weight: 10 },
  { key: 'prediction-api', name: 'Prediction API events', type: 'Prediction API', weight: 20, api: true },
];
const EVENT_TYPES = [['page_view', 60], ['click', 20], ['add_to_cart', 12], ['purchase', 8]];
const LOCATIONS = ['Berlin', 'Lisbon', 'Austin', 'Osaka', 'Toronto', 'Madrid', 'Leeds', 'Lyon'];
const SUBSCRIPTIONS = [['active', 5], ['trialing', 2], ['past_due', 1], ['canceled', 2]];
const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Luca'];
const LAST_NAMES = ['Okafor', 'Schmidt', 'Tanaka', 'Silva', 'Novak', 'Dubois', 'Larsen', 'Moreau', 'Patel', 'Rossi'];

const RECORD_COLUMNS = [
  ['id', 'text'], ['company_id', 'text'], ['source_id', 'text'], ['kind', 'text'], ['record_key', 'text'], ['data', 'json'], ['unified', 'json'],
  ['source_type', 'text'], ['imported_at', 'timestamptz'], ['record_index', 'int'], ['user_id', 'text'], ['email', 'text'], ['anonymous_id', 'text'],
  ['event_type', 'text'], ['event_time', 'timestamptz'], ['item_id', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
];
// Ascending ids, as the keyset pages read them; random UUIDs would only slow the load.
const recordId = (prefix, index) => `${prefix}000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
const userIdOf = (person) => `bench-customer-${person}`;
const anonymousIdOf = (person) => `bench-visitor-${person}`;

/** Rows in one statement: a column of values per array, unnested (far fewer round trips than multi-row VALUES). */
async function insertRecords(client, rows) {
  const arrays = RECORD_COLUMNS.map(([name]) => rows.map((row) => row[name] ?? null));
  const selected = RECORD_COLUMNS.map(([name, type]) => (type === 'json' ? `(${name})::json` : name));
  const unnested = RECORD_COLUMNS.map(([, type], index) => `$${index + 1}::${type === 'json' ? 'text' : type}[]`);
  await client.query(
    `insert into data_records (${RECORD_COLUMNS.map(([name]) => name).join(', ')})
     select ${selected.join(', ')} from unnest(${unnested.join(', ')}) as given(${RECORD_COLUMNS.map(([name]) => name).join(', ')})`,
    arrays,
  );
}

/** The company's connected sources of the benchmark, one per catalogue entry; answers them by key with their ids. */
async function addSources(client, companyId, now) {
  const sources = {};
  for (const [index, source] of [...PEOPLE_SOURCES, ...EVENT_SOURCES].entries()) {
    const recordKind = PEOPLE_SOURCES.includes(source) ? 'people' : 'events';
    const id = recordId('e0', index);
    await client.query(
      `insert into data_sources (id, company_id, name, description, type, catalogue_id, status, records, last_sync, config, credentials, record_kind, fields, mapping,
         key_field, created_by_id, created_at, updated_at)
       values ($1, $2, $3, null, $4, $5, 'active', 0, $6, '{}', null, $7, '[]', '{}', null, null, $6, $6)`,
      [id, companyId, `${source.name} (benchmark)`, source.type, source.key, now, recordKind],
    );
    sources[source.key] = { ...source, id };
  }
  return sources;
}

/** One person of the 200,000: a people record in one of the people sources. */
function personRecord(person, random, sources, companyId, now) {
  const source = sources[weighted(random, PEOPLE_SOURCES.map((entry) => [entry.key, entry.weight]))];
  const createdAt = new Date(now.getTime() - Math.floor((90 + random() * 900) * DAY_MS)).toISOString();
  const unified = {
    user_id: userIdOf(person),
    email: `customer${person}@shoppers.example`,
    name: `${FIRST_NAMES[person % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]}`,
    age: 18 + Math.floor(random() * 60),
    location: LOCATIONS[Math.floor(random() * LOCATIONS.length)],
    created_at: createdAt,
    last_login: new Date(now.getTime() - Math.floor(random() * 120 * DAY_MS)).toISOString(),
    subscription_status: weighted(random, SUBSCRIPTIONS),
    ltv: Math.round(random() * 250_000) / 100,
    device_type: random() < 0.45 ? 'mobile' : 'desktop',
  };
  return {
    id: recordId('e1', person), company_id: companyId, source_id: source.id, kind: 'people', record_key: unified.user_id, data: JSON.stringify(unified),
    unified: JSON.stringify(unified), source_type: 'integration', imported_at: now, record_index: person, user_id: unified.user_id, email: unified.email,
    anonymous_id: null, event_type: null, event_time: null, item_id: null, created_at: now, updated_at: now,
  };
}

/**
 * Event `index` of the million. Activity is skewed towards the first people; one person in five
 * was last seen 45-90 days ago and another one in five is fading (most events 30-90 days ago), so
 * risk levels and recency vary. 70 % carry the user id, 15 % the user id and the visitor id
 * (joining the two), 15 % the visitor id alone.
 */
function eventRecord(index, random, sources, companyId, now) {
  const person = Math.floor(Math.pow(random(), 1.4) * AUDIENCE_PEOPLE);
  const daysAgo = person % 5 === 0 ? 45 + random() * 45 : person % 5 === 1 && random() < 0.85 ? 30 + random() * 60 : random() * 90;
  const at = new Date(now.getTime() - Math.floor(daysAgo * DAY_MS)).toISOString();
  const source = sources[weighted(random, EVENT_SOURCES.map((entry) => [entry.key, entry.weight]))];
  const identity = random();
  const userId = identity < 0.85 ? userIdOf(person) : null;
  const anonymousId = identity >= 0.7 ? anonymousIdOf(person) : null;
  const eventType = weighted(random, EVENT_TYPES);
  const unified = {
    ...(userId ? { user_id: userId } : {}),
    ...(anonymousId ? { anonymous_id: anonymousId } : {}),
    event_type: eventType,
    event_time: at,
    device_type: random() < 0.4 ? 'mobile' : random() < 0.1 ? 'tablet' : 'desktop',
    ...(eventType === 'purchase' ? { revenue: Math.round((5 + random() * 295) * 100) / 100 } : {}),
  };
  return {
    id: recordId('e2', index), company_id: companyId, source_id: source.id, kind: 'events', record_key: source.api ? `bench-event-${index}` : null,
    data: JSON.stringify(unified), unified: JSON.stringify(unified), source_type: source.api ? 'api' : 'integration', imported_at: now, record_index: index,
    user_id: userId, email: null, anonymous_id: anonymousId, event_type: eventType, event_time: at, item_id: null, created_at: now, updated_at: now,
  };
}

/** Writes the people and events of the company; set-up only. */
async function addRecords(client, companyId) {
  const now = new Date();
  await client.query('set session_replication_role = replica').catch(() => undefined);
  const sources = await addSources(client, companyId, now);
  const people = random32(0xa0d1);
  for (let first = 0; first < AUDIENCE_PEOPLE; first += ROWS_PER_STATEMENT) {
    const rows = [];
    for (let person = first; person < Math.min(AUDIENCE_PEOPLE, first + ROWS_PER_STATEMENT); person++) rows.push(personRecord(person, people, sources, companyId, now));
    await insertRecords(client, rows);
  }
  const events = random32(0xe7e1);
  for (let first = 0; first < AUDIENCE_EVENTS; first += ROWS_PER_STATEMENT) {
    const rows = [];
    for (let index = first; index < Math.min(AUDIENCE_EVENTS, first + ROWS_PER_STATEMENT); index++) rows.push(eventRecord(index, events, sources, companyId, now));
    await insertRecords(client, rows);
  }
  await client.query('set session_replication_role = origin').catch(() => undefined);
  await client.query('vacuum analyze data_records');
}

async function call(url, headers, init = {}) {
  const response = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...headers } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

async function timed(url, headers) {
  const started = performance.now();
  await call(url, headers);
  return performance.now() - started;
}

/** Asks `url` every PROBE_MS until `stop()`; answers the slowest answer (ms) and how many were asked. */
function probe(url) {
  const latencies = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const sent = performance.now();
      await fetch(url).then((response) => response.arrayBuffer()).catch(() => undefined);
      latencies.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = [...latencies].sort((a, b) => a - b);
    return { slowestMs: sorted.at(-1) ?? 0, p99Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0, asked: latencies.length };
  };
}

/**
 * Waits until the company's previous generation of profiles, identities and joins is deleted (the
 * build worker does it after the switch), then VACUUM ANALYZE of those tables; answers the seconds waited.
 */
async function waitForOneGeneration(url, companyId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query(
        `select greatest((select count(distinct generation) from audience_profiles where company_id = $1),
           (select count(distinct generation) from audience_identities where company_id = $1),
           (select count(distinct generation) from audience_merges where company_id = $1)) as generations`,
        [companyId],
      );
      if (Number(rows[0].generations) <= 1) break;
      if (performance.now() - started > CLEANUP_TIMEOUT_MS) throw new Error('The previous generation was not deleted within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const waited = (performance.now() - started) / 1000;
    await client.query('vacuum analyze audience_profiles, audience_identities, audience_merges');
    return waited;
  } finally {
    await client.end();
  }
}

/**
 * The rebuild through its route, polled until done: seconds, the job's figures, the BFF's slowest
 * health answer meanwhile, the memory the build added to the BFF's process and the load average.
 */
async function rebuild(base, headers, companyId, pid) {
  const baselineBytes = procStatus(pid, 'VmRSS') ?? 0;
  const memory = memoryWatch(pid);
  memory.start();
  const loads = watchLoad();
  const stopProbe = probe(`${base}/api/health`);
  try {
    const built = await rebuildPolled(base, headers, companyId);
    const { peakBytes, method } = memory.stop();
    return {
      ...built,
      health: await stopProbe(),
      memory: { baselineMb: baselineBytes / 1024 / 1024, peakMb: peakBytes / 1024 / 1024, addedMb: (peakBytes - baselineBytes) / 1024 / 1024, method },
      load: loads.stop(),
    };
  } finally {
    memory.stop();
    loads.stop();
    await stopProbe();
  }
}

async function rebuildPolled(base, headers, companyId) {
  const started = performance.now();
  const job = await call(`${base}/api/audience-intelligence/rebuild`, headers, { method: 'POST', body: JSON.stringify({ companyId }) });
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  // A poll may find its kept-alive connection reset when the build holds the BFF's event loop for
  // seconds (the keep-alive timer fires before the waiting request is read): polled again, and
  // counted, as is the slowest answer to a poll.
  let resets = 0;
  let slowestPollMs = 0;
  for (;;) {
    const asked = performance.now();
    const current = await call(`${base}/api/audience-intelligence/jobs/${job.id}?companyFilter=${companyId}`, headers).catch((failure) => {
      if (!(failure instanceof TypeError) || ++resets > MAX_POLL_RESETS) throw failure;
      return null;
    });
    slowestPollMs = Math.max(slowestPollMs, performance.now() - asked);
    if (current?.status === 'failed') throw new Error(`Rebuild failed: ${current.error}`);
    if (current?.status === 'done') return { seconds: (performance.now() - started) / 1000, processed: current.processed, resets, slowestPollMs };
    if (Date.now() > deadline) throw new Error(`Rebuild not done within ${BUILD_TIMEOUT_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The company made the internal one and its admin a Global Admin: the audience routes are the platform's own. */
async function makeGlobalAdmin(client, companyId, userId) {
  await client.query('update companies set is_internal = true where id = $1', [companyId]);
  await client.query(`update users set role = 'admin', permissions = '["admin:all"]' where id = $1`, [userId]);
}

/** The figures, or null when PostgreSQL is not reachable. */
export async function measureAudience() {
  const postgres = await createPostgresDatabase(KEEP ? KEPT_DATABASE : undefined);
  if (!postgres) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-audience-'));
  // The background refresher would start its own rebuild of the changed company: only the measured one runs.
  const env = bffEnv({ port: BFF_PORT, dataDir, databaseUrl: postgres.url }, { AUDIENCE_REFRESH_SECONDS: '86400' });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  try {
    const kept = postgres.existed ? await keptCompany(postgres.url) : null;
    let companyId = kept;
    let setupSeconds = null;
    if (!companyId) {
      // The first start creates the schema; the company and its admin are registered through the API.
      const first = startBff(env);
      let account;
      try {
        await waitFor(`${base}/api/health`, { process: first });
        account = await createAccount(base);
      } finally {
        await stop(first);
      }
      companyId = account.companyId;
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      const started = performance.now();
      try {
        await makeGlobalAdmin(client, companyId, account.userId);
        await addRecords(client, companyId);
      } finally {
        await client.end();
      }
      setupSeconds = (performance.now() - started) / 1000;
    }

    // The measured BFF's output goes to a file, so a build that fails or ends the process says why.
    const logPath = join(dataDir, 'bff.log');
    // At info level: the build's log line carries the event-loop delay the BFF saw.
    const bff = startBff({ ...env, LOG_LEVEL: 'info' }, { logFile: logPath });
    try {
      await waitFor(`${base}/api/health`, { process: bff });
      const headers = await signIn(base);
      const built = await rebuild(base, headers, companyId, bff.pid);
      const buildLine = readFileSync(logPath, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"Audience profiles built"'))
        .map((line) => JSON.parse(line))
        .pop();
      const cleanupSeconds = await waitForOneGeneration(postgres.url, companyId);
      const audience = `${base}/api/audience-intelligence`;
      const routes = {
        metrics: `${audience}/metrics?companyFilter=${companyId}`,
        'users, filtered': `${audience}/users?companyFilter=${companyId}&page=1&limit=20&${FILTERED_USERS}`,
        'metrics, filtered': `${audience}/metrics?companyFilter=${companyId}&${FILTERED_USERS}`,
        'users, page 1': `${audience}/users?companyFilter=${companyId}&page=1&limit=20`,
      };
      const reads = {};
      for (const [name, url] of Object.entries(routes)) {
        await timed(url, headers);
        const times = [];
        for (let run = 0; run < CALLS; run++) times.push(await timed(url, headers));
        reads[name] = { ms: median(times), load: loadNow() };
      }
      const metrics = await call(routes.metrics, headers);
      const filtered = await call(routes['users, filtered'], headers);
      return { setupSeconds, built, eventLoopDelayMaxMs: buildLine?.eventLoopDelayMaxMs ?? null, cleanupSeconds, reads, metrics, filteredTotal: filtered.total };
    } catch (failure) {
      throw new Error(`${failure.message}; the BFF's last output:\n${bff.outputTail()}`, { cause: failure });
    } finally {
      await stop(bff);
    }
  } finally {
    if (!KEEP) await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The benchmark's company of a kept database, its audience deleted so that the measured rebuild is
 * a first build; null when the database holds no complete set of its records (a run stopped while
 * writing them), and then the database is emptied for a new set.
 */
async function keptCompany(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select u.company_id, (select count(*) from data_records r where r.company_id = u.company_id and r.kind in ('people', 'events')) as records
         from users u where u.email = $1`,
      [BENCH_ACCOUNT.email],
    );
    const companyId = rows[0]?.company_id;
    if (companyId && Number(rows[0].records) === AUDIENCE_PEOPLE + AUDIENCE_EVENTS) {
      for (const table of ['audience_merges', 'audience_identities', 'audience_profiles', 'audience_builds', 'audience_jobs']) {
        await client.query(`delete from ${table} where company_id = $1`, [companyId]);
      }
      await client.query('vacuum analyze audience_profiles, audience_identities, audience_merges');
      return companyId;
    }
    await client.query('drop schema public cascade');
    await client.query('create schema public');
    return null;
  } finally {
    await client.end();
  }
}

/** Prints each figure beside its target; answers the number missed. */
export async function printAudienceBenchmark(log = console.info) {
  const report = createReport(log);
  report.heading(`Audience Intelligence, ${formatRows(AUDIENCE_PEOPLE)} people and ${formatRows(AUDIENCE_EVENTS)} events of one company, on PostgreSQL`);
  const measured = await measureAudience();
  if (!measured) {
    report.line('postgresql   skipped: PostgreSQL is not reachable (set BENCH_DATABASE_URL)');
    return 0;
  }
  const { built } = measured;
  report.line(
    measured.setupSeconds === null
      ? `${formatRows(AUDIENCE_PEOPLE + AUDIENCE_EVENTS)} records kept in ${KEPT_DATABASE} from an earlier run`
      : `${formatRows(AUDIENCE_PEOPLE + AUDIENCE_EVENTS)} records written in ${measured.setupSeconds.toFixed(1)} s (then VACUUM ANALYZE)`,
  );
  report.figure(
    'rebuild',
    `${built.seconds.toFixed(1)} s (${formatRows(built.processed)} records read once, ${formatRows(measured.metrics.totalUsers)} profiles)`,
    { target: `under ${REBUILD_TARGET_S} s`, ok: built.seconds < REBUILD_TARGET_S, load: built.load },
  );
  report.figure(
    'build worker peak RSS',
    `${built.memory.addedMb.toFixed(0)} MB (the BFF process peaked at ${built.memory.peakMb.toFixed(0)} MB from ${built.memory.baselineMb.toFixed(0)} MB before the build; ${built.memory.method})`,
    { target: `under ${WORKER_RSS_TARGET_MB} MB`, ok: built.memory.addedMb < WORKER_RSS_TARGET_MB, load: built.load },
  );
  const held = measured.eventLoopDelayMaxMs;
  report.figure('event loop during the rebuild', held === null ? 'unknown (no build log line)' : `longest delay ${held} ms`, {
    target: `under ${EVENT_LOOP_TARGET_MS} ms`,
    ok: held !== null && held < EVENT_LOOP_TARGET_MS,
    load: built.load,
  });
  const health = built.health;
  report.figure('health during the rebuild', `GET /api/health every ${PROBE_MS} ms: p99 ${health.p99Ms.toFixed(0)} ms, slowest ${health.slowestMs.toFixed(0)} ms of ${formatRows(health.asked)}`, {
    target: `p99 under ${HEALTH_TARGET_MS} ms`,
    ok: health.p99Ms < HEALTH_TARGET_MS,
    load: built.load,
  });
  report.figure('polling during the rebuild', `slowest answer ${(built.slowestPollMs / 1000).toFixed(1)} s, ${built.resets} connections reset`, { load: built.load });
  report.figure('previous generation deleted', `${measured.cleanupSeconds.toFixed(1)} s after the job was done`, {});
  for (const [name, read] of Object.entries(measured.reads)) {
    const judged = name === 'metrics' || name === 'users, filtered';
    report.figure(`${name}, median of ${CALLS}`, `${read.ms.toFixed(0)} ms`, { ...(judged ? { target: `under ${READ_TARGET_MS} ms`, ok: read.ms < READ_TARGET_MS } : {}), load: read.load });
  }
  report.line(`the filtered users page: ${formatRows(measured.filteredTotal ?? 0)} profiles match ${FILTERED_USERS}`);
  return report.missed;
}

// `node bench/audience.mjs` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printAudienceBenchmark);
