import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoSettings } from '@bff/config';
import { Company, Invitation, SsoEvent, User } from '@bff/entities';
import { createIdTokenVerifier } from '@bff/modules/auth';
import { TEST_CLIENT_ID, TEST_ISSUER, TEST_TENANT_ID, TestIdentityProvider } from './support/identityProvider';
import { PEOPLE, World } from './support/world';

const INVALID_TOKEN = 'Invalid identity token';

/** The single sign-on events of one account, oldest first. */
async function eventsOf(world: World, user: User): Promise<SsoEvent[]> {
  return world.em().find(SsoEvent, { userId: user.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

async function setCompanySso(world: World, companyId: string, settings: { verifiedDomains?: string[]; allowLinking?: boolean }) {
  const response = await world.http
    .put(`/api/companies/${companyId}/sso`)
    .set(world.bearer('admin'))
    .send({ verifiedDomains: [], allowLinking: false, ...settings });
  expect(response.status).toBe(200);
  return response.body;
}

describe('single sign-on with Microsoft Entra', () => {
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
      provider: 'entra',
      displayName: 'Microsoft',
      clientId: TEST_CLIENT_ID,
      authority: `https://login.microsoftonline.com/${TEST_TENANT_ID}`,
      scopes: ['User.Read', 'openid', 'profile', 'email'],
    });
    // The dashboard's pages may call the sign-in endpoints.
    const page = await world.http.get('/login');
    expect(page.headers['content-security-policy']).toContain('connect-src \'self\' https://login.microsoftonline.com');
  });

  it('refuses a new identity claiming the global admin\'s address without proof, and binds nothing', async () => {
    const attacker = randomUUID();
    const idToken = await provider.idToken({ oid: attacker, email: PEOPLE.admin.email.toUpperCase(), email_verified: false, xms_edov: false });
    const response = await verify({ idToken });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'sso_email_unverified', error: 'E-mail address not verified' });
    expect(response.body).not.toHaveProperty('token');
    const admin = await world.reload(world.users.admin);
    expect(admin).toMatchObject({ azureId: null, ssoIssuer: null, tenantId: null });
    expect(await world.em().count(User, { azureId: attacker })).toBe(0);
    // The administrators see the refused attempt.
    const seen = await world.http.get(`/api/companies/${world.companies.navout.id}/sso`).set(world.bearer('admin'));
    expect(seen.body.events[0]).toMatchObject({ kind: 'refused', code: 'sso_email_unverified', userId: admin!.id, subject: attacker, email: PEOPLE.admin.email });

    // The same answer when no account has the address: a refusal tells nothing about who exists.
    const nobody = await verify({ idToken: await provider.idToken({ oid: randomUUID(), email: 'nobody@navout.example' }) });
    expect(nobody.status).toBe(403);
    expect(nobody.body.code).toBe('sso_email_unverified');
  });

  it('links an invited account from a proven address, activates it, and then finds it by its identity alone', async () => {
    const { user } = await world.addInvitation(world.companies.acme.id, { email: 'invited.sso@acme.example', name: 'Ina Vite' });
    const objectId = randomUUID();
    const idToken = await provider.idToken({ oid: objectId, email: 'Invited.SSO@acme.example', xms_edov: true, name: 'Ina Vite' });
    const response = await verify({ idToken, email: 'ignored@acme.example', azureId: 'ignored', tenantId: 'ignored' });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, status: 'active', azureId: objectId, tenantId: TEST_TENANT_ID });
    const me = await world.http.get('/api/auth/me').set('Authorization', `Bearer ${response.body.token}`);
    expect(me.body.user.email).toBe('invited.sso@acme.example');
    const stored = await world.reload(user);
    expect(stored).toMatchObject({ ssoIssuer: TEST_ISSUER, azureId: objectId, tenantId: TEST_TENANT_ID, status: 'active' });
    expect(stored!.ssoLinkedAt).toBeInstanceOf(Date);
    // The invitation was answered by the sign-in.
    expect((await world.em().findOneOrFail(Invitation, { userId: user.id })).usedAt).toBeInstanceOf(Date);
    expect((await eventsOf(world, user)).map((event) => [event.kind, event.subject])).toEqual([['linked', objectId]]);

    // Later sign-ins match by the identity, even when the e-mail claim changed (or is unproven).
    const renamed = await provider.idToken({ oid: objectId, email: 'ina.renamed@elsewhere.example', email_verified: false });
    const again = await verify({ idToken: renamed });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(user.id);

    // Another identity with the same, proven address is not this account's owner.
    const stranger = randomUUID();
    const takeover = await verify({ idToken: await provider.idToken({ oid: stranger, email: 'invited.sso@acme.example', xms_edov: true }) });
    expect(takeover.status).toBe(403);
    expect(takeover.body.code).toBe('sso_identity_mismatch');
    expect(await world.reload(user)).toMatchObject({ azureId: objectId });
    expect((await eventsOf(world, user)).at(-1)).toMatchObject({ kind: 'refused', code: 'sso_identity_mismatch', subject: stranger });
  });

  it('links an active account only when its company allows it, with the address proven by xms_edov or a verified domain', async () => {
    const objectId = randomUUID();
    const proven = await provider.idToken({ oid: objectId, email: PEOPLE.bob.email, xms_edov: true });
    const refused = await verify({ idToken: proven });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('sso_link_not_allowed');
    expect(await world.reload(world.users.bob)).toMatchObject({ azureId: null });

    await setCompanySso(world, world.companies.acme.id, { allowLinking: true });
    const linked = await verify({ idToken: proven });
    expect(linked.status).toBe(200);
    expect(linked.body.user).toMatchObject({ id: world.users.bob.id, azureId: objectId });

    // Without xms_edov, the address's domain must be one the company vouches for.
    await setCompanySso(world, world.companies.globex.id, { allowLinking: true });
    const danToken = () => provider.idToken({ oid: randomUUID(), email: PEOPLE.dan.email });
    expect((await verify({ idToken: await danToken() })).body.code).toBe('sso_email_unverified');
    const settings = await setCompanySso(world, world.companies.globex.id, { allowLinking: true, verifiedDomains: ['Globex.Example', 'globex.example'] });
    expect(settings).toMatchObject({ verifiedDomains: ['globex.example'], allowLinking: true });
    const dan = await verify({ idToken: await danToken() });
    expect(dan.status).toBe(200);
    expect(dan.body.user.id).toBe(world.users.dan.id);
  });

  it('lets an administrator unlink an account, records who did, and links it again at the next allowed sign-in', async () => {
    const user = await world.addUser(world.companies.globex.id, { email: 'relink@globex.example' });
    const first = randomUUID();
    await setCompanySso(world, world.companies.globex.id, { allowLinking: true, verifiedDomains: ['globex.example'] });
    expect((await verify({ idToken: await provider.idToken({ oid: first, email: user.email }) })).status).toBe(200);

    const listed = await world.http.get('/api/users').query({ companyFilter: world.companies.globex.id }).set(world.bearer('carol'));
    expect(listed.body.find((row: { id: string }) => row.id === user.id).sso).toMatchObject({ issuer: TEST_ISSUER, subject: first, tenantId: TEST_TENANT_ID });

    const unlinked = await world.http.delete(`/api/users/${user.id}/sso`).set(world.bearer('carol'));
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.sso).toBeNull();
    expect(await world.reload(user)).toMatchObject({ azureId: null, ssoIssuer: null, ssoLinkedAt: null });

    // The old identity no longer signs in by itself; a new one links under the rules.
    const second = randomUUID();
    expect((await verify({ idToken: await provider.idToken({ oid: second, email: user.email }) })).body.user.azureId).toBe(second);
    expect((await eventsOf(world, user)).map((event) => [event.kind, event.actorName])).toEqual([
      ['linked', null],
      ['unlinked', PEOPLE.carol.name],
      ['linked', null],
    ]);
    // Another company's administrator does not reach it.
    expect((await world.http.delete(`/api/users/${user.id}/sso`).set(world.bearer('alice'))).status).toBe(404);
  });

  it('refuses company settings that are not domains, naming the field', async () => {
    const response = await world.http
      .put(`/api/companies/${world.companies.acme.id}/sso`)
      .set(world.bearer('alice'))
      .send({ verifiedDomains: ['acme.example', 'not a domain'], allowLinking: true });
    expect(response.status).toBe(400);
    expect(response.body.fields).toHaveProperty('verifiedDomains[1]');
    const missing = await world.http.put(`/api/companies/${world.companies.acme.id}/sso`).set(world.bearer('alice')).send({ verifiedDomains: [] });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('allowLinking');
    // A user without the users:write permission may not read the record.
    expect((await world.http.get(`/api/companies/${world.companies.acme.id}/sso`).set(world.bearer('bob'))).status).toBe(403);
  });

  it('refuses a suspended user', async () => {
    const suspended = await world.addUser(world.companies.globex.id, { status: 'suspended' });
    const response = await verify({ idToken: await provider.idToken({ oid: randomUUID(), email: suspended.email, xms_edov: true }) });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('Your account has been suspended. Please contact your administrator.');
    expect((await world.reload(suspended))?.azureId).toBeNull();
  });

  it('refuses tokens with a wrong audience, a wrong issuer, an expiry in the past or an unknown key', async () => {
    const claims = { oid: randomUUID(), email: PEOPLE.carol.email, xms_edov: true };
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
        .setIssuer(TEST_ISSUER)
        .setAudience(TEST_CLIENT_ID)
        .setSubject('someone')
        .setIssuedAt()
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
});

describe('single sign-on with any OpenID Connect provider', () => {
  let provider: TestIdentityProvider;
  let world: World;

  beforeAll(async () => {
    provider = await TestIdentityProvider.start();
    world = await World.start({ env: provider.oidcEnv });
  });
  afterAll(async () => {
    await world?.stop();
    await provider?.stop();
  });

  const verify = (body: object) => world.http.post('/api/auth/verify-user').send(body);

  it('publishes the issuer and client id the browser discovers the provider from, and allows its origin', async () => {
    const response = await world.http.get('/api/auth/sso-config');
    expect(response.body).toEqual({
      enabled: true,
      provider: 'oidc',
      displayName: 'Test IdP',
      clientId: TEST_CLIENT_ID,
      authority: provider.origin,
      scopes: ['openid', 'profile', 'email'],
    });
    const page = await world.http.get('/login');
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${provider.origin}`);
  });

  it('refuses a new subject with the global admin\'s unverified address: nothing is bound', async () => {
    const before = await provider.discoveryReads;
    const subject = `attacker-${randomUUID()}`;
    const response = await verify({ idToken: await provider.oidcToken({ sub: subject, email: PEOPLE.admin.email, email_verified: false }) });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('sso_email_unverified');
    expect(await world.reload(world.users.admin)).toMatchObject({ azureId: null, ssoIssuer: null });
    expect(await world.em().count(User, { azureId: subject })).toBe(0);
    // A verified domain does not stand in for email_verified outside Entra.
    const em = world.em();
    const navout = await em.findOneOrFail(Company, { id: world.companies.navout.id });
    navout.ssoVerifiedDomains = ['navout.example'];
    navout.ssoLinking = true;
    await em.flush();
    const again = await verify({ idToken: await provider.oidcToken({ sub: subject, email: PEOPLE.admin.email }) });
    expect(again.body.code).toBe('sso_email_unverified');
    expect(await world.reload(world.users.admin)).toMatchObject({ azureId: null });
    // The keys were found through the discovery document, read once.
    expect(provider.discoveryReads - before).toBeLessThanOrEqual(1);
  });

  it('links an invited account from email_verified and binds it to the issuer and subject', async () => {
    const { user } = await world.addInvitation(world.companies.globex.id, { email: 'okta.user@globex.example' });
    const response = await verify({ idToken: await provider.oidcToken({ sub: 'okta-00u1', email: user.email, email_verified: true, nonce: 'n-1' }), nonce: 'n-1' });
    expect(response.status).toBe(200);
    expect(await world.reload(user)).toMatchObject({ ssoIssuer: provider.origin, azureId: 'okta-00u1', tenantId: null, status: 'active' });

    // A token that does not bear the nonce its sign-in asked with is refused.
    const replayed = await verify({ idToken: await provider.oidcToken({ sub: 'okta-00u1', nonce: 'n-1' }), nonce: 'n-2' });
    expect(replayed.status).toBe(401);
    // The same subject from another issuer is another identity.
    const otherIssuer = await verify({ idToken: await provider.oidcToken({ sub: 'okta-00u1' }, { issuer: 'https://other.example' }) });
    expect(otherIssuer.status).toBe(401);
  });

  it('answers 404 for a proven address with no account', async () => {
    const response = await verify({ idToken: await provider.oidcToken({ sub: randomUUID(), email: 'stranger@acme.example', email_verified: true }) });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('user_not_found');
  });
});

describe('the ID token verifier of an OpenID Connect provider', () => {
  let provider: TestIdentityProvider;
  beforeAll(async () => {
    provider = await TestIdentityProvider.start();
  });
  afterAll(async () => {
    await provider?.stop();
  });

  const settings = (): SsoSettings => ({
    provider: 'oidc',
    displayName: 'Test',
    clientId: TEST_CLIENT_ID,
    tenantId: null,
    authority: provider.origin,
    issuer: provider.origin,
    jwksUri: null,
    scopes: ['openid'],
  });

  it('refuses a discovery document of another issuer, or one without asymmetric algorithms, and reads it again later', async () => {
    const token = await provider.oidcToken({ sub: 'someone' });
    provider.discoveryOverrides = { issuer: 'https://impostor.example' };
    const verify = createIdTokenVerifier(settings());
    await expect(verify(token)).rejects.toMatchObject({ code: 'sso_unavailable' });
    provider.discoveryOverrides = { id_token_signing_alg_values_supported: ['HS256'] };
    await expect(verify(token)).rejects.toMatchObject({ code: 'sso_unavailable' });
    provider.discoveryOverrides = {};
    await expect(verify(token)).resolves.toMatchObject({ sub: 'someone', iss: provider.origin });
  });
});
