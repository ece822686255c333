/**
 * The documentation's links: every relative link in the README, bench/README.md and docs/ points at
 * a file that exists and, when it names a heading, at a heading that exists (GitHub's anchors); the
 * README stays a short door to docs/ and indexes every page there.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const DOCS = markdownFiles(join(ROOT, 'docs'));
const PAGES = [join(ROOT, 'README.md'), join(ROOT, 'bench/README.md'), ...DOCS];

/** The text outside fenced code blocks and code spans: what Markdown reads links and headings from. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's anchor for a heading's text (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const source = readFileSync(file, 'utf8');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of source.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!.replace(/`/g, ''));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

interface Link {
  from: string;
  line: number;
  target: string;
}

function linksOf(file: string): Link[] {
  return prose(readFileSync(file, 'utf8')).flatMap((text, index) =>
    [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => ({ from: file, line: index + 1, target: match[1]! })),
  );
}

/** Why a relative link is broken, or null when it resolves. */
function brokenBecause(link: Link): string | null {
  const [path = '', anchor] = link.target.split('#');
  const target = path ? resolve(dirname(link.from), decodeURIComponent(path)) : link.from;
  if (!existsSync(target)) return `no file ${relative(ROOT, target)}`;
  if (anchor === undefined || anchor === '' || !target.endsWith('.md') || statSync(target).isDirectory()) return null;
  return anchorsOf(target).has(decodeURIComponent(anchor)) ? null : `no heading #${anchor} in ${relative(ROOT, target)}`;
}

const isRelative = (target: string) => !/^[a-z][a-z0-9+.-]*:/i.test(target);

describe('the documentation', () => {
  it('has a page for each part the README indexes', () => {
    expect(DOCS.map((file) => relative(ROOT, file))).toEqual(
      expect.arrayContaining(['docs/getting-started.md', 'docs/configuration.md', 'docs/architecture.md', 'docs/api.md', 'docs/operations.md', 'docs/testing.md', 'docs/benchmarks.md', 'docs/departures.md']),
    );
    expect(DOCS.filter((file) => file.includes(`${join('docs', 'decisions')}`)).length).toBeGreaterThan(1);
    expect(DOCS.filter((file) => file.includes(`${join('docs', 'features')}`)).length).toBeGreaterThan(1);
  });

  it('links only to files and headings that exist', () => {
    const links = PAGES.flatMap(linksOf).filter((link) => isRelative(link.target));
    expect(links.length).toBeGreaterThan(100);
    const broken = links.flatMap((link) => {
      const reason = brokenBecause(link);
      return reason ? [`${relative(ROOT, link.from)}:${link.line} ${link.target}: ${reason}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('closes every code block it opens, so no page hides its links in one', () => {
    const unclosed = PAGES.filter((file) => readFileSync(file, 'utf8').split('\n').filter((line) => /^\s*(```|~~~)/.test(line)).length % 2 === 1);
    expect(unclosed.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('keeps the README short, and indexes every page of docs/ from it', () => {
    const readme = join(ROOT, 'README.md');
    expect(readFileSync(readme, 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
    const linked = new Set(linksOf(readme).map((link) => resolve(ROOT, link.target.split('#')[0]!)));
    expect(DOCS.filter((file) => !linked.has(file)).map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('reads anchors as GitHub makes them, and finds a broken link', () => {
    expect(slug("The widget's bundle")).toBe('the-widgets-bundle');
    expect(slug('Average Call Duration is in milliseconds')).toBe('average-call-duration-is-in-milliseconds');
    expect(slug('0008. A lean request path')).toBe('0008-a-lean-request-path');
    expect(slug('Dashboard (`src/`)'.replace(/`/g, ''))).toBe('dashboard-src');
    const page = join(ROOT, 'docs/api.md');
    expect(brokenBecause({ from: page, line: 1, target: 'operations.md#health' })).toBeNull();
    expect(brokenBecause({ from: page, line: 1, target: 'operations.md#no-such-heading' })).toMatch(/no heading/);
    expect(brokenBecause({ from: page, line: 1, target: 'no-such-page.md' })).toMatch(/no file/);
  });
});
