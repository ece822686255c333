/**
 * The short-lived read-only keys the Live Test mints for the signed-in user: never listed, and
 * few per user.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { TestKey } from '@domain/prediction/contract';
import { ApiKey } from '../../entities';
import type { UserActor } from '../../types';
import { generateApiKey } from '../../platform/apiKeys';
import { credentialOf } from './integrationKeys';

/** A Live Test key lapses after this long. */
export const TEST_KEY_TTL_MS = 15 * 60 * 1000;
/** Live Test keys one user may hold at once; minting another revokes the oldest. */
export const TEST_KEYS_PER_USER = 3;

/**
 * A read-only key for the signed-in user's Live Test against `companyId`, lapsing after 15
 * minutes. A user holds at most TEST_KEYS_PER_USER live ones: older ones are revoked in the same
 * transaction.
 */
export async function mintTestKey(db: EntityManager, now: () => Date, companyId: string, actor: UserActor): Promise<TestKey> {
  const token = generateApiKey();
  const issuedAt = now();
  const expiresAt = new Date(issuedAt.getTime() + TEST_KEY_TTL_MS);
  await db.fork().transactional(async (em) => {
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
}
