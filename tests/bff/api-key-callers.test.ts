/**
 * API keys as callers: found by their hash on the same request path as sessions, refused at once
 * when revoked or paused, reaching only their own company, and never taken for a signed-in user.
 */
import { describe, expect, it } from 'vitest';
import { Company, User } from '@bff/entities';
import { findInReach } from '@bff/middleware/tenant';
import type { ApiKeyActor } from '@bff/types';
import { useWorld } from './support/world';

describe('API-key callers', () => {
  const world = useWorld();
  const me = (headers: Record<string, string>) => world().http.get('/api/auth/me').set(headers);

  it('takes a valid key for a program, not a user: user routes answer 403', async () => {
    const { header } = await world().addApiKey(world().companies.acme.id);
    const response = await me(header);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'access_denied', message: 'This action needs a signed-in user.' });
  });

  it('refuses unknown, malformed and revoked keys with 401, and a paused key with 403', async () => {
    const w = world();
    const unknown = await me({ 'X-API-Key': 'A'.repeat(64) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('invalid_api_key');
    expect((await me({ 'X-API-Key': 'not a key' })).body.code).toBe('invalid_api_key');
    expect((await me({ 'X-API-Key': `${'A'.repeat(63)}\u00e9` })).status).toBe(401);

    const revoked = await w.addApiKey(w.companies.acme.id, { revokedAt: new Date() });
    expect((await me(revoked.header)).body.code).toBe('invalid_api_key');

    const paused = await w.addApiKey(w.companies.acme.id, { isActive: false });
    const pausedAnswer = await me(paused.header);
    expect(pausedAnswer.status).toBe(401);
    expect(pausedAnswer.body.code).toBe('api_key_paused');
  });

  it('stops a key at once when it is revoked or its company is suspended', async () => {
    const w = world();
    const company = await w.addCompany();
    const { apiKey, header } = await w.addApiKey(company.id);
    expect((await me(header)).body.code).toBe('access_denied');
    await w.em().nativeUpdate(Company, { id: company.id }, { status: 'suspended' });
    expect((await me(header)).body.code).toBe('company_inactive');
    await w.em().nativeUpdate(Company, { id: company.id }, { status: 'active' });
    expect((await me(header)).body.code).toBe('access_denied');
    await w.em().nativeUpdate('ApiKey', { id: apiKey.id }, { revokedAt: new Date() });
    expect((await me(header)).body.code).toBe('invalid_api_key');
  });

  it('refuses a request that carries both a session and a key', async () => {
    const w = world();
    const { header } = await w.addApiKey(w.companies.acme.id);
    const response = await me({ ...header, ...w.bearer('alice') });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('ambiguous_credentials');
  });

  it('lets public routes through whatever key is presented', async () => {
    expect((await world().http.get('/api/health').set('X-API-Key', 'A'.repeat(64))).status).toBe(200);
  });

  it("reaches its own company's rows and answers another company's as unknown", async () => {
    const w = world();
    const { apiKey } = await w.addApiKey(w.companies.acme.id);
    const actor: ApiKeyActor = { kind: 'apiKey', id: apiKey.id, companyId: apiKey.companyId, scopes: ['read'], sandbox: false, isGlobalAdmin: false };
    const notFound = { error: 'User not found' };
    expect((await findInReach(w.em(), actor, User, w.users.bob.id, notFound)).email).toBe('bob@acme.example');
    await expect(findInReach(w.em(), actor, User, w.users.dan.id, notFound)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect((await findInReach(w.em(), actor, Company, w.companies.acme.id, notFound)).name).toBe('Acme Retail');
    await expect(findInReach(w.em(), actor, Company, w.companies.globex.id, notFound)).rejects.toMatchObject({ status: 404 });
  });
});
