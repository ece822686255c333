/**
 * The one way an audit entry changes after it is written: a person's erasure replacing their
 * identifiers in the entries of their company (targets, before and after, an actor's address), and
 * nothing else of the entry. The database holds the rule (Migration20270129000000_audit_append_only):
 * an entry is never deleted, and is updated only while an erasure of its company is scrubbing
 * (a state its job's row takes inside the transaction that rewrites, never committed), and then
 * only in those four columns. The erasure then records that it did so as an entry of its own
 * (appendAuditEntry), in the same transaction as the end of its scrub.
 *
 * Found a window of entries at a time (the company's, oldest first, by time and id), with a LIKE
 * on their text as a first sieve, so no statement reads more than a window and none holds a lock.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from '@mikro-orm/knex';
import type { AuditAction, AuditActorKind, AuditChange, AuditTargetType } from '@domain/audit/types';
import { bindTime, type DatabaseKind, resultsDialect, rowsOf, timeOf } from '../../platform/sql';

type Db = Knex | Knex.Transaction;

/** Entries read per statement while looking for a person's. */
export const AUDIT_SCAN_WINDOW = 2_000;

/** The values of an entry a person's identifiers may be in, and the only ones an erasure may rewrite. */
export interface AuditPersonValues {
  actorEmail: string | null;
  targetId: string | null;
  targetLabel: string | null;
  changes: AuditChange | null;
}

export interface AuditEntryValues extends AuditPersonValues {
  id: string;
}

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * The company's entries whose text may hold one of `patterns` (LIKE patterns, escaped with a
 * backslash), a window at a time; the caller checks each (the sieve also matches within words).
 */
export async function* auditEntriesLike(db: Db, kind: DatabaseKind, companyId: string, patterns: readonly string[]): AsyncGenerator<AuditEntryValues[]> {
  if (!patterns.length) return;
  const dialect = resultsDialect(kind);
  const text = `coalesce(actor_email, '') || ' ' || coalesce(target_id, '') || ' ' || coalesce(target_label, '') || ' ' || coalesce(${dialect.jsonText('changes')}, '')`;
  const sieve = patterns.map(() => `${text} ${dialect.like} ? escape '\\'`).join(' or ');
  let after: { at: number; id: string } | null = null;
  for (;;) {
    const bindings: Knex.RawBinding[] = [companyId];
    let from = '';
    if (after) {
      const at = bindTime(kind, after.at);
      from = 'and (created_at > ? or (created_at = ? and id > ?))';
      bindings.push(at, at, after.id);
    }
    const window = rowsOf<{ id: string; created_at: unknown; hit: unknown }>(
      await db.raw(`select id, created_at, (case when ${sieve} then 1 else 0 end) as hit from audit_entries where company_id = ? ${from} order by created_at, id limit ?`, [
        ...patterns,
        ...bindings,
        AUDIT_SCAN_WINDOW,
      ]),
    );
    const hits = window.filter((row) => Number(row.hit) === 1).map((row) => row.id);
    if (hits.length) {
      const rows = rowsOf<{ id: string; actor_email: string | null; target_id: string | null; target_label: string | null; changes: unknown }>(
        await db.raw(`select id, actor_email, target_id, target_label, changes from audit_entries where id in (${placeholders(hits)}) order by created_at, id`, hits),
      );
      yield rows.map((row) => ({
        id: row.id,
        actorEmail: row.actor_email,
        targetId: row.target_id,
        targetLabel: row.target_label,
        changes: dialect.parsedJson<AuditChange | null>(row.changes),
      }));
    }
    if (window.length < AUDIT_SCAN_WINDOW) return;
    const last = window[window.length - 1]!;
    after = { at: timeOf(last.created_at) ?? 0, id: last.id };
  }
}

/**
 * Rewrites the person's values of the entries `ids` in `trx`, an erasure's transaction: `rewrite`
 * answers an entry's new values, or null to leave it. Answers how many entries changed. The job's
 * row is marked scrubbing for the statements alone and back to running before the commit.
 */
export async function rewriteAuditEntries(
  trx: Knex.Transaction,
  kind: DatabaseKind,
  erasure: { id: string; companyId: string },
  ids: readonly string[],
  rewrite: (entry: AuditEntryValues) => AuditPersonValues | null,
): Promise<number> {
  if (!ids.length) return 0;
  const dialect = resultsDialect(kind);
  const rows = rowsOf<{ id: string; actor_email: string | null; target_id: string | null; target_label: string | null; changes: unknown }>(
    await trx.raw(`select id, actor_email, target_id, target_label, changes from audit_entries where company_id = ? and id in (${placeholders(ids)})`, [erasure.companyId, ...ids]),
  );
  const changed: Array<{ id: string; values: AuditPersonValues }> = [];
  for (const row of rows) {
    const values = rewrite({ id: row.id, actorEmail: row.actor_email, targetId: row.target_id, targetLabel: row.target_label, changes: dialect.parsedJson<AuditChange | null>(row.changes) });
    if (values) changed.push({ id: row.id, values });
  }
  if (!changed.length) return 0;
  await trx.raw("update privacy_erasures set status = 'scrubbing' where id = ? and company_id = ?", [erasure.id, erasure.companyId]);
  for (const { id, values } of changed) {
    await trx.raw('update audit_entries set actor_email = ?, target_id = ?, target_label = ?, changes = ? where id = ?', [
      values.actorEmail?.slice(0, 255) ?? null,
      values.targetId?.slice(0, 255) ?? null,
      values.targetLabel?.slice(0, 255) ?? null,
      values.changes === null ? null : JSON.stringify(values.changes),
      id,
    ]);
  }
  await trx.raw("update privacy_erasures set status = 'running' where id = ?", [erasure.id]);
  return changed.length;
}

export interface AppendedEntry {
  action: AuditAction;
  companyId: string;
  actor: { kind: AuditActorKind; id: string | null; email: string | null };
  target: { type: AuditTargetType; id: string | null; label: string | null };
  changes: AuditChange | null;
}

/** Writes an entry in `trx`: what a background job did, committed with the work it records. */
export async function appendAuditEntry(trx: Knex.Transaction, kind: DatabaseKind, entry: AppendedEntry, now: Date): Promise<void> {
  await trx.raw(
    `insert into audit_entries (id, company_id, actor_kind, actor_id, actor_email, address, action, target_type, target_id, target_label, code, changes, created_at)
     values (?, ?, ?, ?, ?, null, ?, ?, ?, ?, null, ?, ?)`,
    [
      randomUUID(),
      entry.companyId,
      entry.actor.kind,
      entry.actor.id,
      entry.actor.email,
      entry.action,
      entry.target.type,
      entry.target.id,
      entry.target.label?.slice(0, 255) ?? null,
      entry.changes === null ? null : JSON.stringify(entry.changes),
      bindTime(kind, now),
    ],
  );
}
