// A declarative connector's pull through the real sync path, as restPull.mjs does for the REST
// source: a BFF in its own process (its built-in sync worker), started without the demo; one
// company and its admin registered through the API, and a Contentful source (a manifest run by the
// declarative engine, nothing of its own in code) connected and synced through the API, reading
// RECORDS entries from a local server answering as Contentful's Content Delivery API does
// (GET /spaces/{space}/environments/{env}/entries, skip and limit up to total, 1,000 a page, in
// order of sys.updatedAt). The engine paces requests to Contentful's documented quota, so the
// figure includes that pacing.
// Measured: records stored per second from Sync Now to the run's success, and the BFF process's
// peak resident memory growth during the run (a pull streams page by page, so memory stays flat).
// Targets (bench/syncPull.mjs): at least TARGET_RECORDS_PER_S records/s and at most TARGET_RSS_GROWTH_MB MB growth.
//
// SQLite by default; PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set and reachable.
import { createServer } from 'node:http';
import { runAlone } from './report.mjs';
import { measureSyncPull, reportSyncPull } from './syncPull.mjs';

export const RECORDS = Number(process.env.BENCH_CONNECTOR_RECORDS ?? 100_000);
/** Contentful's largest page, which the manifest asks for. */
export const PAGE_SIZE = 1_000;
const API_PORT = 3931;
const BFF_PORT = 3932;
const SPACE = 'benchspace';
const TOKEN = 'bench-delivery-token-0123456789';
const TYPES = ['blogPost', 'product', 'landingPage'];

/** The local Content Delivery API: entries skip..skip+limit of RECORDS, generated as they are asked for. */
function startApi() {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    if (request.headers.authorization !== `Bearer ${TOKEN}` || url.pathname !== `/spaces/${SPACE}/environments/master/entries`) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sys: { type: 'Error', id: 'AccessTokenInvalid' }, message: 'The access token you sent could not be found or is invalid.' }));
      return;
    }
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), PAGE_SIZE);
    const items = [];
    for (let index = skip; index < Math.min(RECORDS, skip + limit); index++) {
      const at = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
      items.push({
        sys: {
          space: { sys: { type: 'Link', linkType: 'Space', id: SPACE } },
          id: `entry-${index}`,
          type: 'Entry',
          createdAt: at,
          updatedAt: at,
          environment: { sys: { id: 'master', type: 'Link', linkType: 'Environment' } },
          revision: 1 + (index % 7),
          contentType: { sys: { type: 'Link', linkType: 'ContentType', id: TYPES[index % TYPES.length] } },
          locale: 'en-US',
        },
        fields: { title: `Entry ${index}`, slug: `entry-${index}`, price: (index % 997) / 10 },
      });
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ sys: { type: 'Array' }, total: RECORDS, skip, limit, items }));
  });
  return new Promise((resolve) => server.listen(API_PORT, '127.0.0.1', () => resolve(server)));
}

export function measureConnectorPull() {
  return measureSyncPull({ name: 'connector', bffPort: BFF_PORT, startApi, catalogueId: 'contentful', settings: { baseUrl: `http://127.0.0.1:${API_PORT}`, spaceId: SPACE, accessToken: TOKEN } });
}

export async function printConnectorPullBenchmark(log = console.info) {
  return reportSyncPull(log, `Declarative connector (Contentful) pull of ${RECORDS.toLocaleString('en-US')} records in pages of ${PAGE_SIZE.toLocaleString('en-US')} through the sync worker`, await measureConnectorPull());
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printConnectorPullBenchmark);
