import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ApiKeyScope } from '@domain/apiKeys';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * A caller credential of the prediction API. Only the SHA-256 of the token is kept (a database
 * leak reveals no usable key) and its first characters, so people can tell their keys apart.
 * A revoked key is kept for the audit trail; only an active, unrevoked key authenticates.
 */
export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    name: p.string(),
    description: nullable(p.text()),
    /** Hex SHA-256 of the 64-character token. */
    tokenHash: p.string().length(64).unique(),
    tokenPrefix: p.string().length(8),
    scopes: p.json<ApiKeyScope[]>(),
    /** False while the key is paused. */
    isActive: p.boolean().onCreate(() => true),
    revokedAt: nullable(p.datetime()),
    /** The user who created the key; no foreign key, so the record outlives that user. */
    createdById: nullable(p.string().length(36)),
    lastUsedAt: nullable(p.datetime()),
    /**
     * 'integration': a company's key, listed on the Outbound API screen. 'test': minted for one
     * signed-in user's Live Test, read-only, never listed, refused after expiresAt.
     */
    purpose: p
      .string()
      .$type<'integration' | 'test'>()
      .length(20)
      .default('integration')
      .onCreate(() => 'integration'),
    expiresAt: nullable(p.datetime()),
  }),
});
export type ApiKey = InferEntity<typeof ApiKey>;
