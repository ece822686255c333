// Writes a brotli (.br) and a gzip (.gz) file beside each text file of the built dashboard, at the
// highest levels: they are made once per build, and the BFF serves them to browsers that accept
// them instead of compressing on every request.
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|html|txt|xml|map|webmanifest)$/i;

const root = new URL('..', import.meta.url).pathname;
const distDir = resolve(root, process.argv[2] ?? 'dist');
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

function* filesIn(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Hidden folders (Vite's .vite/manifest.json) are never served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

async function compress(path) {
  const bytes = await readFile(path);
  const [brotli, gzipped] = await Promise.all([
    toBrotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    toGzip(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A tiny file can grow when compressed; the original is then the better answer.
  if (brotli.length < bytes.length) await writeFile(`${path}.br`, brotli);
  if (gzipped.length < bytes.length) await writeFile(`${path}.gz`, gzipped);
  return { before: bytes.length, after: Math.min(brotli.length, bytes.length) };
}

// zlib works on libuv's thread pool, so the files are compressed side by side.
const results = await Promise.all([...filesIn(distDir)].map(compress));
const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.info(
  `Precompressed ${results.length} files in ${relative(root, distDir) || '.'}: ${kb(total('before'))}, ${kb(total('after'))} with brotli`,
);
