// `npm run bench`: the speed and size targets. Prints each figure beside its target and exits
// non-zero when one is missed.
import { execSync } from 'node:child_process';
import { BUNDLE_TARGET_KB, WIDGET_TARGET_KB, measureBundle, measureWidget } from '../bench/bundle.mjs';
import { OVERHEAD_TARGET, measureBffOverhead } from '../bench/bff-overhead.mjs';
import { printImportBenchmark } from '../bench/import.mjs';
import { printPredictionBenchmark } from '../bench/prediction.mjs';
import { printResponsesBenchmark } from '../bench/responses.mjs';
import { printExportBenchmark } from '../bench/export.mjs';
import { printAudienceBenchmark } from '../bench/audience.mjs';
import { printDashboardBenchmark } from '../bench/dashboard.mjs';
import { printIngestBenchmark } from '../bench/ingest.mjs';
import { printRestPullBenchmark } from '../bench/restPull.mjs';
import { printLoginBurstBenchmark } from '../bench/loginBurst.mjs';

let missed = 0;

console.info('Building the dashboard for the bundle benchmark...');
execSync('npm run --silent build', { stdio: 'ignore' });
console.info(`\nDashboard JavaScript per first route, gzipped (target: at most ${BUNDLE_TARGET_KB} KB)`);
for (const row of measureBundle('dist')) {
  const verdict = row.route.startsWith('entry') ? '' : row.kb <= BUNDLE_TARGET_KB ? ' ok' : ' MISSED';
  if (verdict === ' MISSED') missed++;
  console.info(`  ${row.route.padEnd(42)} ${row.kb.toFixed(1).padStart(7)} KB${verdict}`);
}

console.info(`\nSurvey widget, gzipped (target: loader and renderer together at most ${WIDGET_TARGET_KB} KB)`);
const widget = measureWidget('dist');
const widgetKb = widget.reduce((sum, row) => sum + row.kb, 0);
for (const row of widget) console.info(`  ${row.file.padEnd(42)} ${row.kb.toFixed(1).padStart(7)} KB`);
if (widget.some((row) => row.targetKb !== undefined && row.kb > row.targetKb)) missed++;
if (widgetKb > WIDGET_TARGET_KB) missed++;
console.info(`  ${'together'.padEnd(42)} ${widgetKb.toFixed(1).padStart(7)} KB${widgetKb <= WIDGET_TARGET_KB ? ' ok' : ' MISSED'}`);

console.info(`\nBFF overhead (target: at least ${OVERHEAD_TARGET} of bare Koa's requests per second, same JSON, same run)`);
for (const engine of ['sqlite', 'postgresql']) {
  const overhead = await measureBffOverhead(engine);
  if (!overhead) {
    console.info(`  ${engine.padEnd(12)} skipped: PostgreSQL is not reachable (set BENCH_DATABASE_URL)`);
    continue;
  }
  const ok = overhead.ratio >= OVERHEAD_TARGET;
  if (!ok) missed++;
  console.info(`  ${engine.padEnd(12)} ${overhead.route}, median of ${overhead.rounds} rounds`);
  console.info(`    BFF                 ${Math.round(overhead.bffRps)} req/s (p99 ${overhead.bffLatencyP99} ms)`);
  console.info(`    bare Koa            ${Math.round(overhead.koaRps)} req/s (p99 ${overhead.koaLatencyP99} ms)`);
  console.info(`    ratio               ${overhead.ratio.toFixed(2)}${ok ? ' ok' : ' MISSED'}`);
}

missed += await printImportBenchmark();
missed += await printResponsesBenchmark();
missed += await printPredictionBenchmark();
missed += await printExportBenchmark();
missed += await printAudienceBenchmark();
missed += await printDashboardBenchmark();
missed += await printIngestBenchmark();
missed += await printRestPullBenchmark();
missed += await printLoginBurstBenchmark();

process.exit(missed ? 1 : 0);
