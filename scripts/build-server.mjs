// The BFF compiled to JavaScript in dist-server/, which `npm start` and `npm run worker` run.
// A server run through tsx carries the TypeScript loader in every thread: measured idle, 255 MB of
// resident memory against 166 MB compiled (docs/decisions/0010-the-compiled-server.md).
//
// Entry points: the web server, the job worker, and each worker thread's module (a file named
// *Worker.ts: startWorkerThread finds it beside the module that starts it, which in the output is
// the same folder, so every file lands flat in dist-server/). Packages stay in node_modules.
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
export const SERVER_OUT_DIR = join(root, 'dist-server');
/** What the compiled server is made from: a change to any of them calls for a new build. */
export const SERVER_SOURCES = ['bff', 'src/domain', 'package.json', 'tsconfig.json', 'scripts/build-server.mjs'];

/**
 * Node's arguments to run the compiled `entry` ('server' or 'worker') from `outDir`: stack traces
 * through the source maps name the TypeScript file and line.
 */
export function compiledEntryArgs(entry, outDir = SERVER_OUT_DIR) {
  return ['--enable-source-maps', join(outDir, `${entry}.js`)];
}

/** The worker threads' entry modules under bff/, as paths from the project's root. */
export function workerThreadEntries() {
  return readdirSync(join(root, 'bff'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('Worker.ts'))
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

/** Compiles the server into `outDir` (emptied first); answers the entry points. */
export async function buildServer(outDir = SERVER_OUT_DIR) {
  const entryPoints = ['bff/server.ts', 'bff/worker.ts', ...workerThreadEntries()];
  const names = entryPoints.map((entry) => basename(entry, '.ts'));
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new Error(`Two entry modules are named ${repeated}.ts: each lands in the one output folder, so each needs a name of its own`);
  await rm(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: outDir,
    entryNames: '[name]',
    chunkNames: 'shared-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Stack traces name the TypeScript file and line (the server runs with --enable-source-maps);
    // the sources themselves stay out of the maps, which every process would otherwise hold in memory.
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  });
  return entryPoints;
}

// `node scripts/build-server.mjs` builds it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const entries = await buildServer();
  console.info(`Compiled the server into ${relative(root, SERVER_OUT_DIR)}/ (${entries.length} entry modules)`);
}
