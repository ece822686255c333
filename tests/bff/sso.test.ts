import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '@bff/entities';
import { TEST_CLIENT_ID, TEST_TENANT_ID, TestIdentityProvider } from './support/identityProvider';
import { PEOPLE, World } from './support/world';

const INVALID_TOKEN = 'Invalid identity token';

describe('single sign-on', () => {
  let provider: TestIdentityProvider;
  let world: World;

  beforeAll(async () => {
    provider = await TestIdentityProvider.start();
    world = await World.start({ env: provider.env });
  });
  afterAll(async () => {
    await world?.stop();
    await provider?.stop();
  });

  const verify = (body: object) => world.http.post('/api/auth/verify-user').send(body);

  it('publishes the configuration the popup flow needs', async () => {
    const response = await world.http.get('/api/auth/sso-config');
    expect(response.body).toEqual({
      enabled: true,
      clientId: TEST_CLIENT_ID,
      authority: `https://login.microsoftonline.com/${TEST_TENANT_ID}`,
      scopes: ['User.Read', 'openid', 'profile', 'email'],
    });
    // The dashboard's pages may call the sign-in endpoints.
    const page = await world.http.get('/login');
    expect(page.headers['content-security-policy']).toContain('connect-src \'self\' https://login.microsoftonline.com');
  });

  it('signs a provisioned user in from a verified ID token and remembers their identity', async () => {
    const objectId = randomUUID();
    const idToken = await provider.idToken({ oid: objectId, preferred_username: 'Bob@Acme.example', name: 'Bob Keller' });
    const response = await verify({ idToken, email: PEOPLE.bob.email, azureId: objectId, tenantId: TEST_TENANT_ID });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: PEOPLE.bob.email, azureId: objectId, tenantId: TEST_TENANT_ID });
    expect(response.body.company.name).toBe('Acme Retail');
    expect(response.body.token).toEqual(expect.any(String));
    const me = await world.http.get('/api/auth/me').set('Authorization', `Bearer ${response.body.token}`);
    expect(me.body.user.email).toBe(PEOPLE.bob.email);

    // Later sign-ins match by the identity's object id, even when the e-mail claim changed.
    const renamed = await provider.idToken({ oid: objectId, email: 'robert.keller@acme.example' });
    const again = await verify({ idToken: renamed });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(world.users.bob.id);
  });

  it('does not hand an account bound to one identity to another identity with the same e-mail', async () => {
    const stranger = await provider.idToken({ oid: randomUUID(), email: PEOPLE.bob.email });
    const response = await verify({ idToken: stranger });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('User not found');
  });

  it('answers 404 for an identity with no account', async () => {
    const idToken = await provider.idToken({ oid: randomUUID(), email: 'stranger@acme.example' });
    const response = await verify({ idToken });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('User not found');
  });

  it('refuses a suspended user', async () => {
    const suspended = await world.addUser(world.companies.globex.id, { status: 'suspended' });
    const response = await verify({ idToken: await provider.idToken({ oid: randomUUID(), email: suspended.email }) });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('Your account has been suspended. Please contact your administrator.');
    expect((await world.reload(suspended))?.azureId).toBeNull();
  });

  it('refuses tokens with a wrong audience, a wrong issuer, an expiry in the past or an unknown key', async () => {
    const claims = { oid: randomUUID(), email: PEOPLE.carol.email };
    const otherKeys = await generateKeyPair('RS256');
    const forged = [
      await provider.idToken(claims, { audience: 'another-application' }),
      await provider.idToken(claims, { issuer: 'https://login.microsoftonline.com/another-tenant/v2.0' }),
      await provider.idToken(claims, { expiresIn: Math.floor(Date.now() / 1000) - 300 }),
      await provider.idToken(claims, { keyId: 'unknown-key', privateKey: otherKeys.privateKey }),
      // The right key id, signed by someone else's key.
      await provider.idToken(claims, { privateKey: otherKeys.privateKey }),
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(`https://login.microsoftonline.com/${TEST_TENANT_ID}/v2.0`)
        .setAudience(TEST_CLIENT_ID)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('a-shared-secret-guess-that-is-long-enough')),
      'not-a-token',
    ];
    for (const idToken of forged) {
      const response = await verify({ idToken });
      expect(response.status).toBe(401);
      expect(response.body.error).toBe(INVALID_TOKEN);
    }
    expect((await world.reload(world.users.carol))?.azureId).toBeNull();
  });

  it('never signs anyone in from an e-mail in the body alone', async () => {
    const response = await verify({ email: PEOPLE.admin.email, azureId: randomUUID(), tenantId: TEST_TENANT_ID });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Identity token is required');
    expect(response.body).not.toHaveProperty('token');
  });

  it('keeps the database unchanged for an account found by e-mail until the token is verified', async () => {
    const before = await world.em().findOneOrFail(User, { id: world.users.dan.id });
    const response = await verify({ idToken: await provider.idToken({ oid: randomUUID(), email: PEOPLE.dan.email }, { audience: 'x' }) });
    expect(response.status).toBe(401);
    expect((await world.reload(before))?.azureId).toBeNull();
  });
});
