/**
 * The audit log's public face: the one write path other modules call inside their own
 * transactions (record, recordNow; appendAuditEntry for a background job's knex transaction), the
 * request middleware that tells it who acts and from where, the read-only route, and the one
 * rewrite an entry may undergo: an erasure replacing the person's identifiers (rewrite.ts).
 */
export { auditContext, changesOf, record, recordNow, type AuditActor, type AuditRecord } from './record';
export { appendAuditEntry, auditEntriesLike, rewriteAuditEntries, type AuditEntryValues, type AuditPersonValues } from './rewrite';
export { createAuditLogRouter } from './routes';
