// `npm run bench`: the speed and size targets. Prints each figure beside its target and the
// machine's load average when it was measured, and exits non-zero when one is missed. Each
// benchmark creates the data it measures on a BFF started without the demo, in a scratch
// database of its own.
//
// BENCH_ONLY=bundle,overhead (names below) runs some of them. A benchmark that fails is reported
// and counted as missed, and the others still run: one broken part does not hide every figure.
import { printAudienceBenchmark } from '../bench/audience.mjs';
import { printBffOverheadBenchmark } from '../bench/bff-overhead.mjs';
import { printBundleBenchmark } from '../bench/bundle.mjs';
import { printConnectorPullBenchmark } from '../bench/connectors.mjs';
import { printDashboardBenchmark } from '../bench/dashboard.mjs';
import { printExportBenchmark } from '../bench/export.mjs';
import { printHostileUpstreamBenchmark } from '../bench/hostileUpstream.mjs';
import { printImportBenchmark } from '../bench/import.mjs';
import { printIngestBenchmark } from '../bench/ingest.mjs';
import { printLoginBurstBenchmark } from '../bench/loginBurst.mjs';
import { printMovieLensBenchmark } from '../bench/movielens.mjs';
import { printPredictionBenchmark } from '../bench/prediction.mjs';
import { LOAD_LEGEND } from '../bench/report.mjs';
import { printResponsesBenchmark } from '../bench/responses.mjs';
import { printRestPullBenchmark } from '../bench/restPull.mjs';

const BENCHMARKS = {
  bundle: printBundleBenchmark,
  overhead: printBffOverheadBenchmark,
  responses: printResponsesBenchmark,
  prediction: printPredictionBenchmark,
  quality: printMovieLensBenchmark,
  ingest: printIngestBenchmark,
  audience: printAudienceBenchmark,
  export: printExportBenchmark,
  import: printImportBenchmark,
  dashboard: printDashboardBenchmark,
  restPull: printRestPullBenchmark,
  connectors: printConnectorPullBenchmark,
  loginBurst: printLoginBurstBenchmark,
  hostileUpstream: printHostileUpstreamBenchmark,
};

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()).filter(Boolean);
const unknown = (only ?? []).filter((name) => !(name in BENCHMARKS));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}

console.info(LOAD_LEGEND);
let missed = 0;
const failed = [];
for (const [name, print] of Object.entries(BENCHMARKS)) {
  if (only && !only.includes(name)) continue;
  try {
    missed += await print();
  } catch (failure) {
    failed.push(name);
    console.info(`  ${name} FAILED: ${failure instanceof Error ? failure.message : String(failure)}`);
  }
}

console.info(`\n${missed} figure${missed === 1 ? '' : 's'} missed ${missed === 1 ? 'its' : 'their'} target${failed.length ? `; failed to run: ${failed.join(', ')}` : ''}.`);
process.exit(missed || failed.length ? 1 : 0);
