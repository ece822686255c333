/**
 * A company's integration keys, as the Outbound API screen lists them: created with a token shown
 * once and stored only as its SHA-256 and first characters, paused and activated, deleted
 * (revoked, kept for the audit trail).
 */
import type { EntityManager } from '@mikro-orm/core';
import { API_KEY_SCOPES, type ApiKeyScope } from '@domain/apiKeys';
import type { ApiKeySummary, CreatedApiKey } from '@domain/prediction/contract';
import type { CreateApiKeyInput } from '@domain/prediction/keySchemas';
import { ApiKey } from '../../entities';
import { apiError } from '../../platform/errors';
import { hashSecret } from '../../platform/secrets';
import type { UserActor } from '../../types';
import { record } from '../audit';
import { API_KEY_PREFIX_LENGTH, generateApiKey } from '../../platform/apiKeys';

export const API_KEY_NOT_FOUND = { error: 'API key not found', message: 'No such API key exists in your reach.' } as const;

/** The permissions in their canonical order, each once. */
export function canonicalScopes(scopes: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => scopes.includes(scope));
}

export function presentApiKey(key: ApiKey): ApiKeySummary {
  return {
    id: key.id,
    name: key.name,
    description: key.description ?? null,
    prefix: key.tokenPrefix,
    permissions: canonicalScopes(key.scopes),
    isActive: key.isActive,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
  };
}

/** The stored form of a new token: never the token itself. */
export function credentialOf(token: string) {
  return { tokenHash: hashSecret(token), tokenPrefix: token.slice(0, API_KEY_PREFIX_LENGTH) };
}

/** Listed keys only: a company's integration keys that are not deleted. */
function assertListed(key: ApiKey): void {
  if (key.purpose !== 'integration' || key.revokedAt) throw apiError('not_found', API_KEY_NOT_FOUND);
}

export async function listApiKeys(db: EntityManager, companyId: string): Promise<ApiKeySummary[]> {
  const keys = await db.fork().find(
    ApiKey,
    { companyId, purpose: 'integration', revokedAt: null },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  return keys.map(presentApiKey);
}

export async function createApiKey(db: EntityManager, companyId: string, actor: UserActor, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const em = db.fork();
  const token = generateApiKey();
  const key = em.create(ApiKey, {
    companyId,
    name: input.name,
    description: input.description || null,
    ...credentialOf(token),
    scopes: canonicalScopes(input.permissions),
    isActive: true,
    createdById: actor.id,
    purpose: 'integration',
  });
  record(em, { action: 'api_key_created', companyId, target: { type: 'api_key', id: key.id, label: key.name }, changes: { after: { name: key.name, prefix: key.tokenPrefix, scopes: key.scopes } } });
  await em.flush();
  return { key: presentApiKey(key), token };
}

/** Pause (false) or Activate (true) a key loaded within the caller's reach. */
export async function setApiKeyActive(db: EntityManager, key: ApiKey, isActive: boolean): Promise<ApiKeySummary> {
  assertListed(key);
  const em = db.fork();
  const row = await em.findOneOrFail(ApiKey, { id: key.id });
  if (row.isActive !== isActive) record(em, { action: isActive ? 'api_key_activated' : 'api_key_paused', companyId: row.companyId, target: { type: 'api_key', id: row.id, label: row.name }, changes: { before: { isActive: row.isActive }, after: { isActive } } });
  row.isActive = isActive;
  await em.flush();
  return presentApiKey(row);
}

/** Deletes a key from the screen: revoked at once, the row kept for the audit trail. */
export async function revokeApiKey(db: EntityManager, now: () => Date, key: ApiKey): Promise<void> {
  assertListed(key);
  // Conditional, so two deletions at once answer one 204 and one 404.
  await db.fork().transactional(async (em) => {
    const changed = await em.nativeUpdate(ApiKey, { id: key.id, revokedAt: null }, { revokedAt: now() });
    if (!changed) throw apiError('not_found', API_KEY_NOT_FOUND);
    record(em, { action: 'api_key_revoked', companyId: key.companyId, target: { type: 'api_key', id: key.id, label: key.name } });
  });
}
