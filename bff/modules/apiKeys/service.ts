/**
 * A company's API keys (the Outbound API screen): created with a token shown once and stored only
 * as its SHA-256 and first characters, paused and activated, deleted (revoked, kept for the audit
 * trail); and the short-lived read-only keys the Live Test mints for the signed-in user.
 *
 * The auth middleware reads the key's row on every request, so a pause, an activation or a
 * deletion takes effect on the next request on every replica.
 */
import { API_KEY_SCOPES, type ApiKeyScope } from '@domain/apiKeys';
import type { ApiKeySummary, CreatedApiKey, TestKey } from '@domain/prediction/contract';
import type { CreateApiKeyInput } from '@domain/prediction/keySchemas';
import { ApiKey } from '../../entities';
import { apiError } from '../../platform/errors';
import { hashSecret } from '../../platform/secrets';
import type { Orm, UserActor } from '../../types';
import { API_KEY_PREFIX_LENGTH, generateApiKey } from '../../platform/apiKeys';

/** A Live Test key lapses after this long. */
export const TEST_KEY_TTL_MS = 15 * 60 * 1000;
/** Live Test keys one user may hold at once; minting another revokes the oldest. */
export const TEST_KEYS_PER_USER = 3;
export const API_KEY_NOT_FOUND = { error: 'API key not found', message: 'No such API key exists in your reach.' } as const;

/** The permissions in their canonical order, each once. */
function canonicalScopes(scopes: readonly string[]): ApiKeyScope[] {
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
function credentialOf(token: string) {
  return { tokenHash: hashSecret(token), tokenPrefix: token.slice(0, API_KEY_PREFIX_LENGTH) };
}

export function createApiKeyService({ orm, now }: { orm: Orm; now: () => Date }) {
  /** Listed keys only: a company's integration keys that are not deleted. */
  function assertListed(key: ApiKey): void {
    if (key.purpose !== 'integration' || key.revokedAt) throw apiError('not_found', API_KEY_NOT_FOUND);
  }

  return {
    async list(companyId: string): Promise<ApiKeySummary[]> {
      const keys = await orm.em.fork().find(
        ApiKey,
        { companyId, purpose: 'integration', revokedAt: null },
        { orderBy: { createdAt: 'desc', id: 'desc' } },
      );
      return keys.map(presentApiKey);
    },

    async create(companyId: string, actor: UserActor, input: CreateApiKeyInput): Promise<CreatedApiKey> {
      const em = orm.em.fork();
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
      await em.flush();
      return { key: presentApiKey(key), token };
    },

    /** Pause (false) or Activate (true) a key loaded within the caller's reach. */
    async setActive(key: ApiKey, isActive: boolean): Promise<ApiKeySummary> {
      assertListed(key);
      const em = orm.em.fork();
      const row = await em.findOneOrFail(ApiKey, { id: key.id });
      row.isActive = isActive;
      await em.flush();
      return presentApiKey(row);
    },

    /** Deletes a key from the screen: revoked at once, the row kept for the audit trail. */
    async revoke(key: ApiKey): Promise<void> {
      assertListed(key);
      // Conditional, so two deletions at once answer one 204 and one 404.
      const changed = await orm.em.fork().nativeUpdate(ApiKey, { id: key.id, revokedAt: null }, { revokedAt: now() });
      if (!changed) throw apiError('not_found', API_KEY_NOT_FOUND);
    },

    /**
     * A read-only key for the signed-in user's Live Test against `companyId`, lapsing after 15
     * minutes, never listed. A user holds at most TEST_KEYS_PER_USER live ones: older ones are
     * revoked in the same transaction.
     */
    async mintTestKey(companyId: string, actor: UserActor): Promise<TestKey> {
      const token = generateApiKey();
      const issuedAt = now();
      const expiresAt = new Date(issuedAt.getTime() + TEST_KEY_TTL_MS);
      await orm.em.fork().transactional(async (em) => {
        const live = await em.find(
          ApiKey,
          { createdById: actor.id, purpose: 'test', revokedAt: null, expiresAt: { $gt: issuedAt } },
          { orderBy: { createdAt: 'desc', id: 'desc' } },
        );
        const older = live.slice(TEST_KEYS_PER_USER - 1).map((key) => key.id);
        if (older.length) await em.nativeUpdate(ApiKey, { id: { $in: older } }, { revokedAt: issuedAt });
        em.create(ApiKey, {
          companyId,
          name: `Live Test (${actor.user.name})`,
          description: null,
          ...credentialOf(token),
          scopes: ['read'],
          isActive: true,
          createdById: actor.id,
          purpose: 'test',
          expiresAt,
        });
        await em.flush();
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
