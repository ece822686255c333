// A REST API connector pull through the real sync path: a BFF in its own process (its built-in sync
// worker), started without the demo; one company and its admin registered through the API, and the
// company's REST API source connected and synced through the API, reading RECORDS records
// from a local JSON API on port 3921 in pages of PAGE_SIZE (page-number pagination, key field id).
// Measured: records stored per second from Sync Now to the run's success, and the BFF process's
// peak resident memory growth during the run (a pull streams page by page, so memory stays flat).
// Targets (bench/syncPull.mjs): at least TARGET_RECORDS_PER_S records/s and at most TARGET_RSS_GROWTH_MB MB growth.
//
// SQLite by default; PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set and reachable.
import { createServer } from 'node:http';
import { runAlone } from './report.mjs';
import { measureSyncPull, reportSyncPull } from './syncPull.mjs';

export const RECORDS = Number(process.env.BENCH_REST_RECORDS ?? 100_000);
export const PAGE_SIZE = 1_000;
const API_PORT = 3921;
const BFF_PORT = 3922;
const PLANS = ['free', 'pro', 'team', 'enterprise'];

/** The local API: page `page` of RECORDS customers, generated as they are asked for. */
function startApi() {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('per_page') ?? PAGE_SIZE);
    const start = (page - 1) * size;
    const items = [];
    for (let index = start; index < Math.min(RECORDS, start + size); index++) {
      items.push({
        id: `R-${index}`,
        email: `customer${index}@example.com`,
        name: `Customer ${index}`,
        plan: PLANS[index % PLANS.length],
        amount: (index % 997) / 10,
        updated_at: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      });
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: items }));
  });
  return new Promise((resolve) => server.listen(API_PORT, '127.0.0.1', () => resolve(server)));
}

export function measureRestPull() {
  return measureSyncPull({ name: 'rest', bffPort: BFF_PORT, startApi, catalogueId: 'rest-api', settings: { url: `http://127.0.0.1:${API_PORT}/customers`, pagination: 'page', pageSize: String(PAGE_SIZE), recordsPath: 'data', keyField: 'id' } });
}

export async function printRestPullBenchmark(log = console.info) {
  return reportSyncPull(log, `REST API pull of ${RECORDS.toLocaleString('en-US')} records in pages of ${PAGE_SIZE.toLocaleString('en-US')} through the sync worker`, await measureRestPull());
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printRestPullBenchmark);
