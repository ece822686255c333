import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SsoEventKind } from '@domain/auth/types';
import { baseProperties, nullable } from './BaseRecord';
import { Company } from './Company';

/**
 * What happened to an account's single sign-on binding: linked at a sign-in, unlinked by an
 * administrator, or a sign-in refused (and why, by its error code). Append-only: never updated.
 * The identity and address are copied as the token claimed them, so the record still reads
 * right after the user is gone.
 */
export const SsoEvent = defineEntity({
  name: 'SsoEvent',
  tableName: 'sso_events',
  properties: {
    id: baseProperties.id,
    // The composite index below starts with company_id and serves the foreign key too.
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    /** No foreign key: the record outlives the user. */
    userId: p.string().length(36).index(),
    kind: p.string().$type<SsoEventKind>().length(20),
    /** The refusal's error code; null for links and unlinks. */
    code: nullable(p.string().length(40)),
    issuer: p.string(),
    subject: p.string(),
    /** The address the token claimed, as it claimed it; null when it claimed none. */
    email: nullable(p.string()),
    /** Who unlinked; null for sign-ins. */
    actorName: nullable(p.string()),
    createdAt: baseProperties.createdAt,
  },
  indexes: [{ properties: ['companyId', 'createdAt'] }],
});
export type SsoEvent = InferEntity<typeof SsoEvent>;
