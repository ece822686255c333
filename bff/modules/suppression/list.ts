/**
 * The suppression list intake consults: an erased person's identifiers, hashed (identifiers.ts),
 * that every intake path drops from then on, counted per path. One check, `isSuppressed`, called by
 * the records' storage (files, syncs, the ingestion URL, Segment, the prediction API's events) and
 * the widget's response intake.
 *
 * Each process keeps a company's list in memory while no account has changed (a suppression added
 * or removed counts as one: Migration20270126000000_privacy), so intake reads it once, not per
 * record; while changes cannot be followed (PostgreSQL's listener down) it is read every time. The
 * runtime sets the key and the change feed once (configureSuppressions); a process that never
 * built a runtime (a seed script) checks nothing.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import type { AccountChanges } from '../../platform/accountChanges';
import { bindTime, type DatabaseKind, rowsOf } from '../../platform/sql';
import { identifierHash, identifierValues } from './identifiers';

/** A database handle: the ORM's knex or a transaction on it. */
export type Db = Knex | Knex.Transaction;

/** The source name intake counts the widget's dropped answers under. */
export const WIDGET_SOURCE = 'widget';

interface SuppressionContext {
  key: Buffer;
  kind: DatabaseKind;
  changes: Pick<AccountChanges, 'version'>;
  /** Per company, its suppressions: hash → suppression id. */
  kept: Map<string, ReadonlyMap<string, string>>;
  keptVersion: number | null;
}

let context: SuppressionContext | null = null;

/** Set by the runtime: the key suppressions are hashed under and what tells when the lists changed. */
export function configureSuppressions(key: Buffer, kind: DatabaseKind, changes: Pick<AccountChanges, 'version'>): void {
  context = { key, kind, changes, kept: new Map(), keptVersion: null };
}

export function suppressionKey(): Buffer | null {
  return context?.key ?? null;
}

/** Companies kept at most (the list starts over beyond). */
const KEPT_MAX = 10_000;

async function readList(db: Db, companyId: string): Promise<ReadonlyMap<string, string>> {
  const rows = rowsOf<{ id: string; hash: string }>(await db.raw('select id, hash from privacy_suppressions where company_id = ?', [companyId]));
  return new Map(rows.map((row) => [row.hash, row.id]));
}

async function listOf(ctx: SuppressionContext, db: Db, companyId: string): Promise<ReadonlyMap<string, string>> {
  // On SQLite the counter is read on the caller's connection: the pool's one connection may be held by the caller's transaction.
  const version = ctx.kind === 'sqlite' ? Number(rowsOf<{ version: unknown }>(await db.raw('select version from account_changes where id = 1'))[0]?.version) : await ctx.changes.version();
  if (version === null || Number.isNaN(version)) return readList(db, companyId);
  if (version !== ctx.keptVersion) {
    ctx.kept.clear();
    ctx.keptVersion = version;
  }
  const known = ctx.kept.get(companyId);
  if (known) return known;
  const read = await readList(db, companyId);
  // Kept only if no newer version was seen meanwhile (the read is at least as new as `version`).
  if (ctx.keptVersion === version) {
    if (ctx.kept.size >= KEPT_MAX) ctx.kept.clear();
    ctx.kept.set(companyId, read);
  }
  return read;
}

/** Forgets every kept list of this process (after its own change, before the feed reports it). */
export function forgetKeptSuppressions(): void {
  context?.kept.clear();
}

/** The suppression matching any of the identifiers, or null. */
async function suppressionFor(ctx: SuppressionContext, db: Db, companyId: string, identifiers: Iterable<unknown>): Promise<string | null> {
  const list = await listOf(ctx, db, companyId);
  if (!list.size) return null;
  for (const value of identifierValues(identifiers)) {
    const id = list.get(identifierHash(ctx.key, companyId, value));
    if (id) return id;
  }
  return null;
}

/** Adds what intake refused, per suppression, to its counts and its intake path's (`source`). */
async function countDropped(ctx: SuppressionContext, db: Db, companyId: string, source: string, dropped: ReadonlyMap<string, number>): Promise<void> {
  const now = bindTime(ctx.kind, new Date());
  for (const [suppressionId, count] of dropped) {
    await db.raw('update privacy_suppressions set dropped = dropped + ?, last_dropped_at = ? where id = ?', [count, now, suppressionId]);
    await db.raw(
      `insert into privacy_suppressed_intake (suppression_id, source, company_id, dropped, last_dropped_at) values (?, ?, ?, ?, ?)
       on conflict (suppression_id, source) do update set dropped = privacy_suppressed_intake.dropped + excluded.dropped, last_dropped_at = excluded.last_dropped_at`,
      [suppressionId, source.slice(0, 64), companyId, count, now],
    );
  }
}

/**
 * Whether the person named by any of `identifiers` was erased and is suppressed in the company.
 * With `source` (the intake path), a suppressed one is counted as dropped there.
 */
export async function isSuppressed(db: Db, companyId: string, identifiers: Iterable<unknown>, source?: string): Promise<boolean> {
  const ctx = context;
  if (!ctx) return false;
  const id = await suppressionFor(ctx, db, companyId, identifiers);
  if (id && source) await countDropped(ctx, db, companyId, source, new Map([[id, 1]]));
  return id !== null;
}

/** The rows whose person is not suppressed; the others are counted as dropped by `source`, in `db` (the caller's transaction). */
export async function dropSuppressed<Row>(on: Db | SqlEntityManager, companyId: string, source: string, rows: readonly Row[], identifiersOf: (row: Row) => Iterable<unknown>): Promise<Row[]> {
  const ctx = context;
  if (!ctx || !rows.length) return [...rows];
  // An entity manager's own transaction, when it runs one (SQLite has one connection: a statement outside it would wait for it).
  const db = 'getKnex' in on ? (on.getTransactionContext<Knex.Transaction>() ?? on.getKnex()) : on;
  if (!(await listOf(ctx, db, companyId)).size) return [...rows];
  const kept: Row[] = [];
  const dropped = new Map<string, number>();
  for (const row of rows) {
    const id = await suppressionFor(ctx, db, companyId, identifiersOf(row));
    if (id) dropped.set(id, (dropped.get(id) ?? 0) + 1);
    else kept.push(row);
  }
  if (dropped.size) await countDropped(ctx, db, companyId, source, dropped);
  return kept;
}

/** Records the identifiers as suppressed in the company (hashes only); answers how many were new. */
export async function suppress(db: Db, companyId: string, erasureId: string, values: ReadonlyArray<{ value: string; hint: string }>): Promise<number> {
  const ctx = context;
  if (!ctx) throw new Error('Suppressions are not configured');
  const now = bindTime(ctx.kind, new Date());
  let added = 0;
  for (const { value, hint } of values) {
    const rows = rowsOf(
      await db.raw(
        `insert into privacy_suppressions (id, company_id, hash, hint, erasure_id, dropped, last_dropped_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, 0, null, ?, ?) on conflict (company_id, hash) do nothing returning id`,
        [randomUUID(), companyId, identifierHash(ctx.key, companyId, value), hint.slice(0, 255), erasureId, now, now],
      ),
    );
    added += rows.length;
  }
  forgetKeptSuppressions();
  return added;
}
