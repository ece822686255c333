// `npm run bench`: the speed and size targets. Prints each figure beside its target and exits
// non-zero when one is missed.
import { execSync } from 'node:child_process';
import { BUNDLE_TARGET_KB, measureBundle } from '../bench/bundle.mjs';
import { OVERHEAD_TARGET, measureBffOverhead } from '../bench/bff-overhead.mjs';

let missed = 0;

console.info('Building the dashboard for the bundle benchmark...');
execSync('npm run --silent build', { stdio: 'ignore' });
console.info(`\nDashboard JavaScript per first route, gzipped (target: at most ${BUNDLE_TARGET_KB} KB)`);
for (const row of measureBundle('dist')) {
  const verdict = row.route.startsWith('entry') ? '' : row.kb <= BUNDLE_TARGET_KB ? ' ok' : ' MISSED';
  if (verdict === ' MISSED') missed++;
  console.info(`  ${row.route.padEnd(42)} ${row.kb.toFixed(1).padStart(7)} KB${verdict}`);
}

console.info(`\nBFF overhead (target: at least ${OVERHEAD_TARGET} of plain Node's requests per second)`);
const overhead = await measureBffOverhead();
const ok = overhead.ratio >= OVERHEAD_TARGET;
if (!ok) missed++;
console.info(`  route                 ${overhead.route}, median of ${overhead.rounds} rounds`);
console.info(`  BFF                   ${Math.round(overhead.bffRps)} req/s (p99 ${overhead.bffLatencyP99} ms)`);
console.info(`  bare Koa, same JSON   ${Math.round(overhead.koaRps)} req/s (${overhead.koaRatio.toFixed(2)} of plain Node: the framework's floor)`);
console.info(`  plain Node http       ${Math.round(overhead.plainRps)} req/s`);
console.info(`  ratio                 ${overhead.ratio.toFixed(2)}${ok ? ' ok' : ' MISSED'}`);

process.exit(missed ? 1 : 0);
