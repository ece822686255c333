// The dashboard's JavaScript for the first route, gzipped: the entry chunk, its static imports and
// the lazy chunk of the route itself, read from Vite's manifest. Target: at most 180 KB. What the
// page loads later on its own (the Overview's dashboard, whose download starts with the page and
// which is drawn once its figures arrive; a chart's drawing when it comes into view; a dialog when
// opened) is not part of it; the dashboard and the charts are printed apart. And the survey
// widget's loader and renderer, gzipped.
//
// The benchmark builds into a folder of its own (BENCH_DIST, or a temporary one), never into dist/,
// which a running BFF or an end-to-end run on the same working tree may be serving.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createReport, describeLoad, runAlone, watchLoad } from './report.mjs';

export const BUNDLE_TARGET_KB = 180;

function closure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

function gzippedKb(distDir, manifest, keys) {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (file.endsWith('.js')) bytes += gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

/** Each measured route: a name and the source files (manifest keys) of its lazy page chunks. */
const ROUTES = [
  { name: 'first visit, signed out (/login)', pages: [/features\/auth\/.*Login.*\.tsx$/] },
  { name: 'first visit, signed in (/ in the shell)', pages: [/app\/shell\/.*Layout.*\.tsx$/, /features\/dashboard\/OverviewPage\.tsx$/] },
];

/**
 * Not judged, each counted beyond the row named in `after`: what the Overview draws once its
 * figures arrive (the range bar, tabs, headline figures and the charts' frames; downloaded beside
 * the figures' request), then what its first chart adds when it comes into view (MUI X Charts).
 */
const OVERVIEW_BODY = "then the Overview's dashboard, with its figures";
const LATER = [
  { name: OVERVIEW_BODY, after: ROUTES[1].name, pages: [/features\/dashboard\/OverviewBody\.tsx$/] },
  { name: "then the Overview's charts, when on screen", after: OVERVIEW_BODY, pages: [/features\/dashboard\/MetricChartDrawing\.tsx$/] },
];

export function measureBundle(distDir = 'dist') {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('No entry chunk in the Vite manifest');
  const entryKeys = closure(manifest, [entry]);
  const rows = [{ route: 'entry (shared by every route)', kb: gzippedKb(distDir, manifest, entryKeys) }];
  for (const route of ROUTES) {
    const pageKeys = Object.keys(manifest).filter(
      (key) => manifest[key].isDynamicEntry && route.pages.some((pattern) => pattern.test(key)),
    );
    const keys = closure(manifest, [entry, ...pageKeys]);
    rows.push({ route: route.name, kb: gzippedKb(distDir, manifest, keys), chunks: pageKeys.length, keys });
  }
  for (const later of LATER) {
    const before = new Set(rows.find((row) => row.route === later.after).keys);
    const pageKeys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && later.pages.some((pattern) => pattern.test(key)));
    const added = closure(manifest, pageKeys).filter((key) => !before.has(key));
    rows.push({ route: later.name, kb: gzippedKb(distDir, manifest, added), chunks: pageKeys.length, later: true, keys: [...before, ...added] });
  }
  return rows;
}

/** Loader and renderer of the embeddable widget together: at most 25 KB gzipped (DESIGN). */
export const WIDGET_TARGET_KB = 25;
/** The loader alone, which every visitor of a customer's site downloads: at most 5 KB gzipped. */
export const LOADER_TARGET_KB = 5;

/**
 * The widget's files in dist/widget, gzipped: the loader (navout.js, on every page of the site)
 * and the second stage (renderer.js, only when a survey shows). Their sum is what a visitor
 * shown a survey downloads; the loader row carries its own target and verdict.
 */
export function measureWidget(distDir = 'dist') {
  const kb = (file) => gzipSync(readFileSync(join(distDir, 'widget', file)), { level: 9 }).length / 1024;
  const loaderKb = kb('navout.js');
  const verdict = loaderKb <= LOADER_TARGET_KB ? 'ok' : 'MISSED';
  return [
    { file: `navout.js (loader, target ${LOADER_TARGET_KB} KB: ${verdict})`, kb: loaderKb, targetKb: LOADER_TARGET_KB },
    { file: 'renderer.js (shown surveys only)', kb: kb('renderer.js') },
  ];
}

const ROOT = new URL('..', import.meta.url).pathname;
const VITE = join(ROOT, 'node_modules', '.bin', 'vite');

/**
 * What `npm run build` makes that these figures read, into `outDir`: the design tokens, the
 * dashboard (with its manifest), the widget's renderer and its loader. No .br/.gz copies: the
 * figures gzip the files themselves.
 */
export function buildForBench(outDir) {
  const run = (command, args) => {
    try {
      execFileSync(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (failure) {
      throw new Error(`${[command, ...args].join(' ')} failed: ${failure.stderr?.toString().slice(-2000) ?? failure.message}`, { cause: failure });
    }
  };
  run(process.execPath, ['design-tokens/build.mjs']);
  run(VITE, ['build', '--outDir', outDir, '--emptyOutDir']);
  run(VITE, ['build', '-c', 'widget/vite.config.ts', '--outDir', join(outDir, 'widget'), '--emptyOutDir']);
  run(VITE, ['build', '-c', 'widget/loader.vite.config.ts', '--outDir', join(outDir, 'widget')]);
}

/** Builds (unless BENCH_DIST names a finished build), prints each figure beside its target; answers the number missed. */
export async function printBundleBenchmark(log = console.info) {
  const report = createReport(log, { labelWidth: 48 });
  const given = process.env.BENCH_DIST;
  const distDir = given ?? mkdtempSync(join(tmpdir(), 'navout-bench-dist-'));
  try {
    report.heading(`Dashboard JavaScript per first route, gzipped${given ? ` (the build in ${given})` : ''}`);
    if (!given) {
      const building = watchLoad();
      const started = performance.now();
      buildForBench(distDir);
      report.line(`built in ${((performance.now() - started) / 1000).toFixed(0)} s  [${describeLoad(building.stop())}]`);
    }
    // Sizes do not depend on the load; it is printed as beside every figure.
    const loads = watchLoad();
    const rows = measureBundle(distDir);
    const widget = measureWidget(distDir);
    const load = loads.stop();
    for (const row of rows) {
      const judged = !row.route.startsWith('entry') && !row.later;
      report.figure(row.route, `${row.kb.toFixed(1)} KB`, { ...(judged ? { target: `at most ${BUNDLE_TARGET_KB} KB`, ok: row.kb <= BUNDLE_TARGET_KB } : {}), load: load.last });
    }
    report.heading('Survey widget, gzipped');
    for (const row of widget) {
      const label = row.targetKb === undefined ? row.file : 'navout.js (loader, on every page of the site)';
      report.figure(label, `${row.kb.toFixed(1)} KB`, { ...(row.targetKb !== undefined ? { target: `at most ${row.targetKb} KB`, ok: row.kb <= row.targetKb } : {}), load: load.last });
    }
    const together = widget.reduce((sum, row) => sum + row.kb, 0);
    report.figure('loader and renderer together', `${together.toFixed(1)} KB`, { target: `at most ${WIDGET_TARGET_KB} KB`, ok: together <= WIDGET_TARGET_KB, load: load.last });
    return report.missed;
  } finally {
    if (!given) rmSync(distDir, { recursive: true, force: true });
  }
}

// `node bench/bundle.mjs` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printBundleBenchmark);
