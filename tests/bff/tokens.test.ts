import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { Company, User } from '@bff/entities';
import { sessionUserReader } from '@bff/middleware/auth';
import { TEST_JWT_SECRET, useWorld } from './support/world';

const SESSION_ENDED = { error: 'Session expired', message: 'Your session is no longer valid. Please sign in again.', code: 'session_ended' };

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('session tokens', () => {
  const world = useWorld();
  const me = (token: string) => world().http.get('/api/auth/me').set('Authorization', `Bearer ${token}`);
  const claimsFor = (userId: string) => ({ sub: userId, ver: 0 });
  const sign = (payload: object, options: jwt.SignOptions = {}, secret: jwt.Secret = TEST_JWT_SECRET) =>
    jwt.sign(payload, secret, { algorithm: 'HS256', issuer: 'navout', audience: 'navout-dashboard', expiresIn: 3600, ...options });

  it('accepts a genuine token', async () => {
    const response = await me(sign(claimsFor(world().users.bob.id)));
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe('bob@acme.example');
  });

  it('refuses a token whose payload was altered', async () => {
    const [header, , signature] = world().tokenFor('bob').split('.');
    const forgedPayload = base64url({ ...jwt.decode(world().tokenFor('bob')) as object, sub: world().users.admin.id });
    const response = await me(`${header}.${forgedPayload}.${signature}`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(SESSION_ENDED);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url({ alg: 'none', typ: 'JWT' });
    const payload = base64url({ ...claimsFor(world().users.admin.id), iss: 'navout', aud: 'navout-dashboard', iat: now, exp: now + 600 });
    expect((await me(`${header}.${payload}.`)).status).toBe(401);
    expect((await me(`${header}.${payload}`)).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = jwt.sign(
      { ...claimsFor(world().users.bob.id), exp: Math.floor(Date.now() / 1000) - 10 },
      TEST_JWT_SECRET,
      { algorithm: 'HS256', issuer: 'navout', audience: 'navout-dashboard' },
    );
    expect((await me(expired)).status).toBe(401);
  });

  it('refuses a token without an expiry', async () => {
    const forever = jwt.sign(claimsFor(world().users.bob.id), TEST_JWT_SECRET, { algorithm: 'HS256', issuer: 'navout', audience: 'navout-dashboard' });
    expect((await me(forever)).status).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    expect((await me(sign(claimsFor(world().users.bob.id), {}, 'another-secret-that-is-also-long-enough-0123456789'))).status).toBe(401);
  });

  it('refuses a token signed with RS256, even by a key pair the attacker controls', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = jwt.sign(claimsFor(world().users.bob.id), privateKey, {
      algorithm: 'RS256',
      issuer: 'navout',
      audience: 'navout-dashboard',
      expiresIn: 600,
    });
    expect((await me(token)).status).toBe(401);
  });

  it('refuses a wrong issuer or audience', async () => {
    expect((await me(sign(claimsFor(world().users.bob.id), { issuer: 'someone-else' }))).status).toBe(401);
    expect((await me(sign(claimsFor(world().users.bob.id), { audience: 'another-app' }))).status).toBe(401);
  });

  it('refuses malformed Authorization headers', async () => {
    for (const header of ['Bearer', 'Bearer not.a.jwt', 'Basic YWxpY2U6c2VjcmV0', `Token ${world().tokenFor('bob')}`]) {
      const response = await world().http.get('/api/auth/me').set('Authorization', header);
      expect(response.status, header).toBe(401);
    }
  });

  it('stops a suspended user, a deleted user and a suspended company at once', async () => {
    const w = world();
    const suspendedUser = await w.addUser(w.companies.acme.id, {});
    const token = w.tokenFor(suspendedUser);
    expect((await me(token)).status).toBe(200);
    const em = w.em();
    await em.nativeUpdate(User, { id: suspendedUser.id }, { status: 'suspended' });
    const suspended = await me(token);
    expect(suspended.status).toBe(401);
    expect(suspended.body.error).toBe('Your account has been suspended. Please contact your administrator.');

    const deletedUser = await w.addUser(w.companies.acme.id, {});
    const deletedToken = w.tokenFor(deletedUser);
    await em.nativeDelete(User, { id: deletedUser.id });
    expect((await me(deletedToken)).body).toEqual(SESSION_ENDED);

    const company = await w.addCompany();
    const member = await w.addUser(company.id, {});
    await em.nativeUpdate(Company, { id: company.id }, { status: 'suspended' });
    const closed = await me(w.tokenFor(member));
    expect(closed.status).toBe(401);
    expect(closed.body.error).toBe('Your company account is not active. Please contact your administrator.');
  });

  it('ends existing sessions when an admin resets the password', async () => {
    const w = world();
    const member = await w.addUser(w.companies.acme.id, { password: 'Original-Pass-1' });
    const oldToken = w.tokenFor(member);
    const reset = await w.http
      .post(`/api/users/${member.id}/reset-password`)
      .set(w.bearer('alice'))
      .send({ newPassword: 'Replacement-Pass-1' });
    expect(reset.status).toBe(204);
    expect((await me(oldToken)).body).toEqual(SESSION_ENDED);
  });
});

describe('the signed-in user, read with their company in one prepared query', () => {
  const world = useWorld();

  /** Every field of the snapshot equals the entity's, with the entity's types. */
  function expectSameFields(snapshot: object | null | undefined, entity: object) {
    expect(snapshot).toBeTruthy();
    for (const [field, value] of Object.entries(snapshot!)) expect(value, field).toEqual((entity as Record<string, unknown>)[field]);
  }

  it('maps stored values to their types on this database', async () => {
    const w = world();
    const read = sessionUserReader(w.orm);
    const found = await read(w.users.admin.id);
    const em = w.em();
    expectSameFields(found?.caller, await em.findOneOrFail(User, { id: w.users.admin.id }));
    expectSameFields(found?.company, await em.findOneOrFail(Company, { id: w.companies.navout.id }));
    expect(found?.caller.permissions).toEqual(['admin:all']);
    expect(found?.caller.createdAt).toBeInstanceOf(Date);
    expect(found?.company?.isInternal).toBe(true);
    expect(Object.keys(found!.caller)).toEqual(expect.arrayContaining(['id', 'email', 'role', 'status', 'companyId', 'sessionVersion']));
    const member = await read(w.users.bob.id);
    expect(member?.company?.isInternal).toBe(false);
  });

  it('never carries the password hash', async () => {
    const w = world();
    const found = await sessionUserReader(w.orm)(w.users.bob.id);
    expect(found?.caller).not.toHaveProperty('passwordHash');
  });

  it('sees a change committed by another request at once', async () => {
    const w = world();
    const read = sessionUserReader(w.orm);
    const member = await w.addUser(w.companies.globex.id, {});
    expect((await read(member.id))?.caller.status).toBe('active');
    await w.em().nativeUpdate(User, { id: member.id }, { status: 'suspended' });
    expect((await read(member.id))?.caller.status).toBe('suspended');
  });

  it('finds nobody for an unknown id', async () => {
    const w = world();
    expect(await sessionUserReader(w.orm)('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
