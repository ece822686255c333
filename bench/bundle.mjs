// The dashboard's JavaScript for the first route, gzipped: the entry chunk, its static imports and
// the lazy chunk of the route itself, read from Vite's manifest. Target: at most 180 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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
  { name: 'first visit, signed in (/ in the shell)', pages: [/app\/shell\/.*Layout.*\.tsx$/, /features\/dashboard\/.*\.tsx$/] },
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
    rows.push({ route: route.name, kb: gzippedKb(distDir, manifest, keys), chunks: pageKeys.length });
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
