import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiKey } from '@bff/entities';
import { useWorld } from './support/world';

describe('API key records', () => {
  const world = useWorld();

  function newToken(): { token: string; tokenHash: string } {
    const token = randomBytes(48).toString('base64url');
    return { token, tokenHash: createHash('sha256').update(token, 'utf8').digest('hex') };
  }

  it('are created with their defaults and found by the hash of their token', async () => {
    const company = await world().addCompany();
    const { token, tokenHash } = newToken();
    const em = world().em();
    const key = em.create(ApiKey, { companyId: company.id, name: 'Warehouse sync', tokenHash, tokenPrefix: token.slice(0, 8), scopes: ['read'] });
    expect(key).toMatchObject({ isActive: true, revokedAt: null, lastUsedAt: null, createdById: null, description: null });
    expect(key.id).toMatch(/^[0-9a-f-]{36}$/);
    await em.flush();

    const found = await world().em().findOneOrFail(ApiKey, { tokenHash });
    expect(found).toMatchObject({ id: key.id, companyId: company.id, tokenPrefix: token.slice(0, 8), scopes: ['read'], isActive: true, revokedAt: null });
  });

  it('are deleted with their company', async () => {
    const company = await world().addCompany();
    const em = world().em();
    em.create(ApiKey, { companyId: company.id, name: 'Nightly export', tokenHash: newToken().tokenHash, tokenPrefix: 'abcdefgh', scopes: ['read', 'write'] });
    await em.flush();

    const response = await world().http.delete(`/api/companies/${company.id}`).set(world().bearer('admin'));
    expect(response.status).toBe(204);
    expect(await world().em().count(ApiKey, { companyId: company.id })).toBe(0);
  });
});
