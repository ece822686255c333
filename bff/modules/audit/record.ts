/**
 * The audit log's one write path. Modules call `record(em, entry)` with the EntityManager of the
 * transaction that does the action, so the action and its entry commit together (or neither
 * does); `recordNow(em, entry)` writes an entry on its own, for what has no transaction to join: a
 * refused sign-in (whose request fails), an export about to stream.
 *
 * Who acted and from where come from the request (auditContext, mounted by the app after sign-in
 * is read), so a call names only what it did: the action, the company, the target and, where it
 * applies, the values before and after. Secrets never go in: a credential reads SECRET_CHANGED.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/core';
import type { AuditAction, AuditActorKind, AuditChange, AuditTargetType, AuditValues } from '@domain/audit/types';
import { AuditEntry } from '../../entities';
import { normalisedAddress } from '../../platform/clientAddress';
import type { AppMiddleware, AppState } from '../../types';

export interface AuditActor {
  kind: AuditActorKind;
  id: string | null;
  email: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  /** The company the action belongs to; null only for what belongs to none (an unknown address's sign-in). */
  companyId: string | null;
  target: { type: AuditTargetType; id?: string | null; label?: string | null };
  changes?: AuditChange | null;
  /** Why an attempt was refused: its error code. */
  code?: string | null;
  /** Who acted, when it is not the request's caller (a sign-in: the account signing in). */
  actor?: AuditActor;
}

interface AuditScope {
  address: string | null;
  state: AppState;
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** Keeps the caller's address and (once authenticated) identity for the entries the request records. */
export function auditContext(): AppMiddleware {
  return (ctx, next) => scopes.run({ address: normalisedAddress(ctx.ip ?? ''), state: ctx.state }, next);
}

function requestActor(state: AppState | undefined): AuditActor {
  const actor = state?.actor;
  if (actor?.kind === 'user') return { kind: 'user', id: actor.id, email: actor.user.email };
  if (actor?.kind === 'apiKey') return { kind: 'api_key', id: actor.id, email: null };
  return { kind: 'anonymous', id: null, email: null };
}

/** Adds the entry to `em`'s unit of work: it is written with the caller's next flush or commit. */
export function record(em: EntityManager, entry: AuditRecord): AuditEntry {
  const scope = scopes.getStore();
  const actor = entry.actor ?? requestActor(scope?.state);
  return em.create(AuditEntry, {
    auditedCompanyId: entry.companyId,
    actorKind: actor.kind,
    actorId: actor.id,
    actorEmail: actor.email,
    address: scope?.address ?? null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id ?? null,
    targetLabel: entry.target.label?.slice(0, 255) ?? null,
    code: entry.code ?? null,
    changes: entry.changes ?? null,
  });
}

/** Writes the entry at once, on its own (outside whatever the request's own EntityManager holds). */
export async function recordNow(em: EntityManager, entry: AuditRecord): Promise<void> {
  const own = em.fork();
  record(own, entry);
  await own.flush();
}

/**
 * The fields of `after` that differ from `before`, each side holding only those: null when
 * nothing changed. Values compare as JSON, so arrays and objects compare by content.
 */
export function changesOf(before: AuditValues, after: AuditValues): AuditChange | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
  if (!keys.length) return null;
  return { before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])), after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])) };
}
