import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AuditAction, AuditActorKind, AuditChange, AuditTargetType } from '@domain/audit/types';
import { baseProperties, nullable } from './BaseRecord';

/**
 * One security or administration action: who did it (a user, an API key, or an unknown caller at
 * a failed sign-in), for which company, from which address, on what, and what changed. Append-only:
 * written by the audit module alone and never updated or deleted by any route. The actor and
 * target are copied as they read at the time, so an entry still reads right after they are gone;
 * no foreign keys, for the same reason.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_entries',
  properties: {
    id: baseProperties.id,
    /**
     * Null for what belongs to no company (a failed sign-in with an unknown address). Named apart
     * from `companyId` on purpose: removing a company deletes the rows of every entity with that
     * property (companies/removeCompany.ts), and the company's audit trail, its deletion included,
     * must outlive it.
     */
    auditedCompanyId: nullable(p.string().length(36).fieldName('company_id')),
    actorKind: p.string().$type<AuditActorKind>().length(20),
    /** The user's or API key's id; null for an unknown caller. */
    actorId: nullable(p.string().length(36)),
    /** The user's address (or, at a failed sign-in, the one typed). */
    actorEmail: nullable(p.string()),
    /** The caller's network address, as the server sees it (behind TRUST_PROXY, the forwarded one). */
    address: nullable(p.string().length(64)),
    action: p.string().$type<AuditAction>().length(60),
    targetType: p.string().$type<AuditTargetType>().length(40),
    targetId: nullable(p.string().length(255)),
    targetLabel: nullable(p.string()),
    /** Why an attempt was refused (its error code); null for what succeeded. */
    code: nullable(p.string().length(60)),
    /** What the action changed, before and after; secrets only ever as "changed". */
    changes: nullable(p.json<AuditChange>()),
    createdAt: baseProperties.createdAt,
  },
  indexes: [{ properties: ['auditedCompanyId', 'createdAt'] }, { properties: ['createdAt'] }],
});
export type AuditEntry = InferEntity<typeof AuditEntry>;
