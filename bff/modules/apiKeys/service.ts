/**
 * A company's API keys (the Outbound API screen) and the Live Test's short-lived keys. The
 * integration keys live in integrationKeys.ts, the Live Test's in testKeys.ts; this file binds
 * them to the service's clock; each takes the EntityManager it is handed (the request's).
 *
 * The auth middleware reads the key's row on every request, so a pause, an activation or a
 * deletion takes effect on the next request on every replica.
 */
import type { ApiKeySummary, CreatedApiKey, TestKey } from '@domain/prediction/contract';
import type { CreateApiKeyInput } from '@domain/prediction/keySchemas';
import type { ApiKey } from '../../entities';
import type { EntityManager } from '@mikro-orm/core';
import type { UserActor } from '../../types';
import { createApiKey, listApiKeys, revokeApiKey, setApiKeyActive } from './integrationKeys';
import { mintTestKey } from './testKeys';

export { API_KEY_NOT_FOUND, presentApiKey } from './integrationKeys';
export { TEST_KEY_TTL_MS, TEST_KEYS_PER_USER } from './testKeys';

export function createApiKeyService({ now }: { now: () => Date }) {
  return {
    list: (em: EntityManager, companyId: string): Promise<ApiKeySummary[]> => listApiKeys(em, companyId),
    create: (em: EntityManager, companyId: string, actor: UserActor, input: CreateApiKeyInput): Promise<CreatedApiKey> => createApiKey(em, companyId, actor, input),
    /** Pause (false) or Activate (true) a key loaded within the caller's reach. */
    setActive: (em: EntityManager, key: ApiKey, isActive: boolean): Promise<ApiKeySummary> => setApiKeyActive(em, key, isActive),
    /** Deletes a key from the screen: revoked at once, the row kept for the audit trail. */
    revoke: (em: EntityManager, key: ApiKey): Promise<void> => revokeApiKey(em, now, key),
    /** A read-only key for the signed-in user's Live Test against `companyId`, lapsing after 15 minutes, never listed. */
    mintTestKey: (em: EntityManager, companyId: string, actor: UserActor): Promise<TestKey> => mintTestKey(em, now, companyId, actor),
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
