/**
 * The rooms of bff/ (eslint.config.js; docs/architecture.md, "Rooms in the BFF"): code placed in a
 * room is linted as if it were there, and each forbidden import must be reported; and the modules'
 * import graph, read from the files themselves, must have no cycle. It runs in the unit project
 * beside the dashboard's rooms test (boundaries.test.ts); nothing here imports bff/, it only reads
 * it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { roomViolations } from './roomViolations';

const inUsers = 'bff/modules/users/RoomProbe.ts';
const inSync = 'bff/modules/dataSources/sync/RoomProbe.ts';

describe('the bff rooms rule', { timeout: 60_000 }, () => {
  it("stops a module from reaching into another module's files, however it imports them", async () => {
    expect(await roomViolations(inUsers, "import { fileUrl } from '../files/urls';\nexport const url = fileUrl;\n")).toHaveLength(1);
    expect(await roomViolations(inUsers, "import { fileUrl } from '@bff/modules/files/urls';\nexport const url = fileUrl;\n")).toHaveLength(1);
    expect(await roomViolations(inUsers, "export const load = () => import('../files/urls');\n")).toHaveLength(1);
    expect(await roomViolations(inUsers, "export { fileUrl } from '../files/urls';\n")).toHaveLength(1);
    expect(await roomViolations(inUsers, "import { recordWriter } from '../dataSources/records/writer';\nexport const writer = recordWriter;\n")).toHaveLength(1);
  });

  it("lets a module use another module's index, its own files, platform, entities, middleware, the kernel and the domain", async () => {
    const code = [
      "import { fileUrl } from '../files';",
      "import { recordWriter } from '@bff/modules/dataSources';",
      "import { presentSessionUser } from './present';",
      "import { rowsOf } from '../../platform/rawRows';",
      "import { User } from '../../entities';",
      "import { validateBody } from '../../middleware/validate';",
      "import type { Config } from '../../config';",
      "import type { Orm } from '../../db';",
      "import { ApiRouter } from '../../routing';",
      "import { allows } from '@domain/access/capabilities';",
      'export type Used = Config | Orm;',
      'export const used = [fileUrl, recordWriter, presentSessionUser, rowsOf, User, validateBody, ApiRouter, allows];',
    ].join('\n');
    expect(await roomViolations(inUsers, code)).toEqual([]);
  });

  it("lets a module's sub-rooms import each other directly", async () => {
    expect(await roomViolations(inSync, "import { connectorOfSource } from '../custom/resolve';\nexport const find = connectorOfSource;\n")).toEqual([]);
    expect(await roomViolations(inSync, "import { storeSourceRecords } from '../records/storeRecords';\nexport const store = storeSourceRecords;\n")).toEqual([]);
  });

  it('stops a module from importing the entry points or the seeders', async () => {
    expect(await roomViolations(inUsers, "import { createApp } from '../../app';\nexport const app = createApp;\n")).toHaveLength(1);
    expect(await roomViolations(inUsers, "import { seedDemo } from '../../seeders/demo';\nexport const seed = seedDemo;\n")).toHaveLength(1);
  });

  it('keeps modules out of platform/, entities/ and middleware/, even through an index', async () => {
    expect(await roomViolations('bff/platform/RoomProbe.ts', "import { fileUrl } from '../modules/files';\nexport const url = fileUrl;\n")).toHaveLength(1);
    expect(await roomViolations('bff/platform/RoomProbe.ts', "import { fileUrl } from '../modules/files/urls';\nexport const url = fileUrl;\n")).toHaveLength(1);
    expect(
      await roomViolations('bff/entities/RoomProbe.ts', "import type { AudienceCounts } from '../modules/audience/summary';\nexport type Counts = AudienceCounts;\n"),
    ).toHaveLength(1);
    expect(await roomViolations('bff/middleware/RoomProbe.ts', "import { createApiKeyService } from '../modules/apiKeys';\nexport const keys = createApiKeyService;\n")).toHaveLength(1);
    expect(await roomViolations('bff/middleware/RoomProbe.ts', "import { generateApiKey } from '../modules/apiKeys/service';\nexport const key = generateApiKey;\n")).toHaveLength(1);
  });

  it('keeps platform/ out of middleware/, and lets middleware/ use platform/', async () => {
    expect(await roomViolations('bff/platform/RoomProbe.ts', "import { authenticate } from '../middleware/auth';\nexport const auth = authenticate;\n")).toHaveLength(1);
    expect(await roomViolations('bff/middleware/RoomProbe.ts', "import { hashSecret } from '../platform/secrets';\nexport const hash = hashSecret;\n")).toEqual([]);
  });

  it("lets the entry points and the seeders reach a module through its index only", async () => {
    expect(await roomViolations('bff/app.ts', "import { createSyncWorker } from './modules/dataSources/sync/worker';\nexport const sync = createSyncWorker;\n")).toHaveLength(1);
    expect(await roomViolations('bff/app.ts', "import { createSyncWorker } from './modules/dataSources';\nexport const sync = createSyncWorker;\n")).toEqual([]);
    expect(
      await roomViolations('bff/seeders/RoomProbe.ts', "import { recordWriter } from '../modules/dataSources/records/writer';\nexport const writer = recordWriter;\n"),
    ).toHaveLength(1);
    expect(await roomViolations('bff/seeders/RoomProbe.ts', "import { recordWriter } from '../modules/dataSources';\nexport const writer = recordWriter;\n")).toEqual([]);
    // The kernel's other files (db, config, routing...) reach no module at all.
    expect(await roomViolations('bff/db.ts', "import { fileUrl } from './modules/files';\nexport const url = fileUrl;\n")).toHaveLength(1);
  });
});

/** Module name → the modules it imports. */
type ModuleGraph = Map<string, Set<string>>;

/**
 * Every cycle of `graph`, each as the path that closes it (['a', 'b', 'a']), found by a depth-first
 * walk: an edge back to a module still on the walk's stack closes one. Each cycle is reported once,
 * whichever of its modules the walk met first.
 */
function findCycles(graph: ModuleGraph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (node: string) => {
    seen.add(node);
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!seen.has(next)) visit(next);
      else if (!done.has(next)) cycles.push([...stack.slice(stack.indexOf(next)), next]);
    }
    stack.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!seen.has(node)) visit(node);
  return cycles;
}

const ROOT = process.cwd();
const MODULES = join(ROOT, 'bff', 'modules');
/** Static imports, re-exports and dynamic imports. */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*)['"]([^'"\n]+)['"]/g;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The module a resolved path lies in, and the path inside it; null outside bff/modules. */
function moduleOfPath(path: string): { module: string; inside: string } | null {
  const inModules = relative(MODULES, path);
  if (!inModules || inModules.startsWith('..')) return null;
  const [module, ...rest] = inModules.split(sep);
  return { module: module!, inside: rest.join('/') };
}

/** The specifier's target as a path without extension, for relative and @bff/ specifiers; null for packages and other aliases. */
function targetOf(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  if (specifier.startsWith('@bff/')) return join(ROOT, 'bff', specifier.slice('@bff/'.length));
  return null;
}

/** The modules' import graph, and the imports that reach into another module past its index. */
function readModuleGraph(): { graph: ModuleGraph; pastIndex: string[] } {
  const graph: ModuleGraph = new Map();
  const pastIndex: string[] = [];
  for (const file of filesUnder(MODULES)) {
    const from = moduleOfPath(file)!.module;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = targetOf(file, specifier!);
      const to = target && moduleOfPath(target);
      if (!to || to.module === from) continue;
      graph.get(from)!.add(to.module);
      if (to.inside !== '' && to.inside !== 'index' && to.inside !== 'index.ts') pastIndex.push(`${relative(ROOT, file)}: ${specifier}`);
    }
  }
  return { graph, pastIndex };
}

const graphOf = (edges: Record<string, string[]>): ModuleGraph => new Map(Object.entries(edges).map(([node, targets]) => [node, new Set(targets)]));

describe('the cycle finder', () => {
  it('reports a cycle, once, as the path that closes it', () => {
    expect(findCycles(graphOf({ users: ['auth'], auth: ['companies', 'users'], companies: ['files'], files: [] }))).toEqual([['auth', 'users', 'auth']]);
    expect(findCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('reports every independent cycle, and a module that imports itself', () => {
    expect(findCycles(graphOf({ a: ['b'], b: ['a'], c: ['d'], d: ['c'], e: ['e'] }))).toEqual([
      ['a', 'b', 'a'],
      ['c', 'd', 'c'],
      ['e', 'e'],
    ]);
  });

  it('finds none in a graph where modules only point one way, shared targets included', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toEqual([]);
  });
});

describe("bff/modules' import graph", () => {
  const { graph, pastIndex } = readModuleGraph();

  it('is read from the files: the modules and the imports between them are there', () => {
    expect(graph.get('dataSources')).toBeDefined();
    expect(graph.get('prediction')?.has('dataSources')).toBe(true);
  });

  it('has no cycle between modules', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it("reaches another module only through its index", () => {
    expect(pastIndex).toEqual([]);
  });
});
