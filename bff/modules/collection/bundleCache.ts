/**
 * The widget's bundle is asked for on every page view of every customer's site, so each process
 * serves it from memory: built once per company and version, with its JSON, its ETag and its
 * compressed forms, and reused until the company's version moves on (survey_bundle_versions,
 * bumped by the database on every change the bundle shows) or the clock reaches a running
 * survey's end. The version is read again at most every `recheckMs` per company, so a change made
 * through any process or replica reaches every visitor within that (one primary-key read, never a
 * write); one saved through this process at once. Concurrent misses of one company share one build.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { EntityManager, EventSubscriber } from '@mikro-orm/core';
import { knexIn, type SqlRunner } from '../../platform/sql';
import type { BuiltBundle } from './bundle';

/** How long a process trusts its copy before reading the company's version again. */
export const BUNDLE_RECHECK_MS = 1_000;
/** Companies kept per process; the least recently built go first. */
const MAX_COMPANIES = 10_000;

export interface ServedBundle {
  /** The bundle's JSON as UTF-8 bytes: encoded once per build, not measured and encoded again on every page view. */
  json: Buffer;
  etag: string;
  gzip: Buffer;
  brotli: Buffer;
}

interface Entry extends ServedBundle {
  version: number;
  /** Monotonic time of the last version read. */
  checkedAt: number;
  /** The clock's time from which the bundle is different without any change (a survey ends). */
  changesAt: number;
}

export interface BundleCacheOptions {
  /** A new EntityManager (the runtime's fork): the cache reads outside any request's. */
  fork: () => EntityManager;
  now: () => Date;
  build: (companyId: string) => Promise<BuiltBundle>;
  recheckMs?: number;
  /** A clock that only moves forward, for the recheck interval (tests pass their own). */
  monotonic?: () => number;
}

export async function bundleVersionOf(em: EntityManager, companyId: string): Promise<number> {
  const rows = await em.getConnection().execute<Array<{ version: number | string }>>('select version from survey_bundle_versions where company_id = ?', [companyId], 'all');
  return Number(rows[0]?.version ?? 0);
}

/**
 * Moves a company's bundle version on, in the runner's transaction: what the database's triggers
 * cannot see, a completion (a count, not an edit) that fills a responses cap, takes the survey out
 * of the bundle.
 */
export async function bumpBundleVersion(db: SqlRunner, companyId: string): Promise<void> {
  await knexIn(db).raw(
    'insert into survey_bundle_versions (company_id, version) values (?, 1) on conflict (company_id) do update set version = survey_bundle_versions.version + 1',
    [companyId],
  );
}

function served(text: string, version: number): ServedBundle {
  const json = Buffer.from(text);
  const digest = createHash('sha256').update(json).digest('base64url').slice(0, 16);
  return {
    json,
    etag: `"${version}-${digest}"`,
    gzip: gzipSync(json),
    brotli: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
  };
}

export function createBundleCache({ fork, now, build, recheckMs = BUNDLE_RECHECK_MS, monotonic = () => performance.now() }: BundleCacheOptions) {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();
  /** How often each company's copy was forgotten: a build begun before is not kept. */
  const forgotten = new Map<string, number>();

  async function rebuild(companyId: string, version: number): Promise<Entry> {
    const generation = forgotten.get(companyId) ?? 0;
    const { bundle, changesAt } = await build(companyId);
    const entry: Entry = { ...served(JSON.stringify(bundle), version), version, checkedAt: monotonic(), changesAt: changesAt?.getTime() ?? Infinity };
    if ((forgotten.get(companyId) ?? 0) !== generation) return entry;
    entries.delete(companyId);
    entries.set(companyId, entry);
    if (entries.size > MAX_COMPANIES) entries.delete(entries.keys().next().value!);
    return entry;
  }

  async function refresh(companyId: string): Promise<Entry> {
    const version = await bundleVersionOf(fork(), companyId);
    const entry = entries.get(companyId);
    if (entry && entry.version === version && now().getTime() < entry.changesAt) {
      entry.checkedAt = monotonic();
      return entry;
    }
    return rebuild(companyId, version);
  }

  return {
    async get(companyId: string): Promise<ServedBundle> {
      const entry = entries.get(companyId);
      if (entry && monotonic() - entry.checkedAt < recheckMs && now().getTime() < entry.changesAt) return entry;
      let pending = building.get(companyId);
      if (!pending) {
        pending = refresh(companyId).finally(() => building.delete(companyId));
        building.set(companyId, pending);
      }
      return pending;
    },

    /** Drops a company's copy: the next page view reads the version and builds again. */
    forget(companyId: string): void {
      entries.delete(companyId);
      building.delete(companyId);
      forgotten.set(companyId, (forgotten.get(companyId) ?? 0) + 1);
    },
  };
}

export type BundleCache = ReturnType<typeof createBundleCache>;

const BUNDLE_ENTITIES = new Set(['PublishedSurvey', 'CompanySurveySettings', 'Company']);

/**
 * A change saved through this process is served here at once (an admin who changes a survey and
 * reloads the site sees it); other processes see it at their next version check.
 */
export function forgetChangedBundles(cache: Pick<BundleCache, 'forget'>): EventSubscriber {
  return {
    afterFlush({ uow }) {
      for (const change of uow.getChangeSets()) {
        if (!BUNDLE_ENTITIES.has(change.meta.className)) continue;
        const row = change.entity as { id?: string; companyId?: string };
        const companyId = change.meta.className === 'Company' ? row.id : row.companyId;
        if (companyId) cache.forget(companyId);
      }
    },
  };
}
