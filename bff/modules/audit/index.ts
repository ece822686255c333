/**
 * The audit log's public face: the one write path other modules call inside their own
 * transactions (record, recordNow), the request middleware that tells it who acts and from where,
 * and the read-only route.
 */
export { auditContext, changesOf, record, recordNow, type AuditActor, type AuditRecord } from './record';
export { createAuditLogRouter } from './routes';
