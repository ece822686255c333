import jwt from 'jsonwebtoken';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@domain/auth/roles';
import { RequestContext } from '@mikro-orm/core';
import { Company, User } from '@bff/entities';
import { createAuthService } from '@bff/modules/auth';
import { FAILURES_PER_ADDRESS, LoginThrottle } from '@bff/modules/auth/loginThrottle';
import { HttpError } from '@bff/platform/errors';
import { createCounterStore } from '@bff/platform/counters';
import { spendPasswordCheck, verifyPassword } from '@bff/platform/passwords';
import { PEOPLE, unique, useWorld } from './support/world';

// The real checks, watched: the parallel tests count how many passwords were actually checked.
vi.mock('@bff/platform/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('@bff/platform/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword), spendPasswordCheck: vi.fn(real.spendPasswordCheck) };
});
const passwordChecks = () => vi.mocked(verifyPassword).mock.calls.length + vi.mocked(spendPasswordCheck).mock.calls.length;
const forgetPasswordChecks = () => {
  vi.mocked(verifyPassword).mockClear();
  vi.mocked(spendPasswordCheck).mockClear();
};

const INVALID = { error: 'Invalid credentials', message: 'The e-mail address or password is incorrect.', code: 'invalid_credentials' };
const SUSPENDED = 'Your account has been suspended. Please contact your administrator.';
const NOT_ACTIVATED = 'Your account has not been activated yet. Please use the invitation link you received.';
const COMPANY_INACTIVE = 'Your company account is not active. Please contact your administrator.';
const RATE_LIMITED = 'Too many sign-in attempts. Please try again in 15 minutes.';

describe('sign-in', () => {
  const world = useWorld();
  const login = (body: object, address = unique('10.0.0')) =>
    world().http.post('/api/auth/login').set('X-Forwarded-For', address).send(body);

  it('signs each demo user in with the AuthResponse shape and a correct token', async () => {
    for (const person of Object.values(PEOPLE)) {
      const response = await login({ email: person.email, password: person.password, azureId: null, tenantId: null });
      expect(response.status).toBe(200);
      const { token, user, company, permissions } = response.body;
      expect(user).toMatchObject({ email: person.email, name: person.name, role: person.role, status: 'active' });
      expect(user).not.toHaveProperty('passwordHash');
      expect(company.id).toBe(user.companyId);
      expect(permissions).toEqual(DEFAULT_PERMISSIONS[person.role]);
      const claims = jwt.verify(token, world().config.jwt.secret, {
        algorithms: ['HS256'],
        issuer: 'navout',
        audience: 'navout-dashboard',
      }) as jwt.JwtPayload;
      expect(claims.sub).toBe(user.id);
      expect(claims.exp! - claims.iat!).toBe(8 * 3600);
    }
  });

  it('matches e-mail addresses whatever their case', async () => {
    const response = await login({ email: '  ALICE@Acme.Example ', password: PEOPLE.alice.password });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe('alice@acme.example');
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrongPassword = await login({ email: PEOPLE.bob.email, password: 'not-his-password' });
    const unknownEmail = await login({ email: 'nobody@acme.example', password: 'whatever-password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(INVALID);
    expect(unknownEmail.body).toEqual(INVALID);
  });

  it('names the missing and mistyped fields', async () => {
    const missing = await login({});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Email is required');
    expect(missing.body.fields).toEqual({ email: 'Email is required', password: 'Password is required' });

    const mistyped = await login({ email: 12345, password: ['x'] });
    expect(mistyped.status).toBe(400);
    expect(Object.keys(mistyped.body.fields)).toEqual(['email', 'password']);

    const tooLong = await login({ email: `${'a'.repeat(300)}@acme.example`, password: 'x' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.email).toBe('Must be at most 200 characters');
  });

  it('refuses suspended, not yet activated and inactive-company accounts with the specification messages', async () => {
    const w = world();
    const suspended = await w.addUser(w.companies.acme.id, { status: 'suspended', password: 'Suspended-Pass-1' });
    const response = await login({ email: suspended.email, password: 'Suspended-Pass-1' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: SUSPENDED, message: SUSPENDED, code: 'account_suspended' });
    // Without the password, a suspended account looks like any failed sign-in.
    expect((await login({ email: suspended.email, password: 'wrong-password' })).body).toEqual(INVALID);

    const { user: invited } = await w.addInvitation(w.companies.acme.id);
    const notActivated = await login({ email: invited.email, password: 'anything-at-all' });
    expect(notActivated.status).toBe(403);
    expect(notActivated.body.error).toBe(NOT_ACTIVATED);

    const closed = await w.addCompany({ status: 'inactive' });
    const member = await w.addUser(closed.id, { password: 'Member-Pass-1' });
    const inactive = await login({ email: member.email, password: 'Member-Pass-1' });
    expect(inactive.status).toBe(403);
    expect(inactive.body.error).toBe(COMPANY_INACTIVE);
  });

  it('limits failed sign-ins per account and address, with Retry-After, and resets on success', async () => {
    const address = '203.0.113.7';
    const wrong = { email: PEOPLE.dan.email, password: 'wrong-password' };
    for (let attempt = 1; attempt <= 5; attempt++) expect((await login(wrong, address)).status).toBe(401);

    const blocked = await login(wrong, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Even the right password waits: the counter is not a password oracle.
    expect((await login({ email: PEOPLE.dan.email, password: PEOPLE.dan.password }, address)).status).toBe(429);
    // Another address, or another account from this address, is not affected.
    expect((await login({ email: PEOPLE.dan.email, password: PEOPLE.dan.password }, '203.0.113.8')).status).toBe(200);
    expect((await login({ email: PEOPLE.carol.email, password: PEOPLE.carol.password }, address)).status).toBe(200);

    const other = '203.0.113.9';
    const carolWrong = { email: PEOPLE.carol.email, password: 'wrong-password' };
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(carolWrong, other)).status).toBe(401);
    expect((await login({ email: PEOPLE.carol.email, password: PEOPLE.carol.password }, other)).status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) expect((await login(carolWrong, other)).status).toBe(401);
    expect((await login(carolWrong, other)).status).toBe(429);
  });

  it('limits failures per address across accounts; successes and unchecked attempts do not count', async () => {
    const throttle = new LoginThrottle(createCounterStore({ url: null, prefix: 'navout' }, world().runtime.logger), 5);
    const address = '198.51.100.1';
    for (let attempt = 0; attempt < FAILURES_PER_ADDRESS - 1; attempt++) {
      await throttle.countAttempt(`person${attempt}@example.test`, address);
    }
    // A successful sign-in gives its point back, and so does an attempt whose password was never checked.
    for (let round = 0; round < 3; round++) {
      await throttle.countAttempt('owner@example.test', address);
      await throttle.recordSuccess('owner@example.test', address);
      await throttle.countAttempt('unlucky@example.test', address);
      await throttle.giveBack('unlucky@example.test', address);
    }
    await throttle.countAttempt('last@example.test', address);
    const refusal = await throttle.countAttempt('fresh@example.test', address).catch((failure: unknown) => failure);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(429);
    await expect(throttle.countAttempt('fresh@example.test', '198.51.100.2')).resolves.toBeUndefined();
  });

  it('counts parallel wrong passwords before checking them: exactly the limit is checked, the rest refused', async () => {
    const address = '203.0.113.20';
    const wrong = { email: PEOPLE.bob.email, password: 'wrong-password' };
    forgetPasswordChecks();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(wrong, address)));
    expect(passwordChecks()).toBe(5);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.body).toEqual({ error: RATE_LIMITED, message: RATE_LIMITED, code: 'rate_limited' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    expect((await login({ email: PEOPLE.bob.email, password: PEOPLE.bob.password }, address)).status).toBe(429);
  });

  it('counts parallel unknown e-mails per address before checking them', async () => {
    const w = world();
    // The service with a throttle of the test's own, so the address can start with 5 of its 30 left
    // (30 production-cost checks would take most of a minute on a busy machine).
    const throttle = new LoginThrottle(createCounterStore({ url: null, prefix: 'navout' }, world().runtime.logger), 5);
    const auth = createAuthService({ config: w.config, throttle, verifyIdToken: null });
    const address = '203.0.113.21';
    for (let attempt = 0; attempt < FAILURES_PER_ADDRESS - 5; attempt++) await throttle.countAttempt(`earlier-${attempt}@example.test`, address);

    forgetPasswordChecks();
    const outcomes = await RequestContext.create(w.orm.em, () =>
      Promise.allSettled(
        Array.from({ length: 20 }, (_, index) => auth.login(w.orm.em, { email: `nobody-${index}@example.test`, password: 'whatever-password' }, address)),
      ),
    );
    const codes = outcomes.map((outcome) => (outcome.status === 'rejected' && outcome.reason instanceof HttpError ? outcome.reason.code : outcome.status));
    expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(5);
    expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(15);
    expect(passwordChecks()).toBe(5);
  });
});

describe('registration', () => {
  const world = useWorld();
  const register = (body: object) => world().http.post('/api/auth/register').send(body);
  const counts = async () => ({ users: await world().em().count(User), companies: await world().em().count(Company) });

  it('creates the company and its company admin, and signs them in', async () => {
    const email = `${unique('Owner')}@NewCo.Example`;
    const response = await register({ email, name: 'Olivia Owner', password: 'secret1', companyName: 'NewCo' });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email: email.toLowerCase(), name: 'Olivia Owner', role: 'company_admin' });
    expect(response.body.company).toMatchObject({ name: 'NewCo', status: 'active', isInternal: false, logoUrl: null });
    expect(response.body.permissions).toEqual(DEFAULT_PERMISSIONS.company_admin);

    const me = await world().http.get('/api/auth/me').set('Authorization', `Bearer ${response.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body.company.name).toBe('NewCo');
  });

  it('refuses an e-mail that exists, whatever its case, without writing anything', async () => {
    const before = await counts();
    const response = await register({ email: 'Alice@ACME.example', name: 'Alice Again', password: 'secret1', companyName: 'Dup' });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('Email already exists');
    expect(await counts()).toEqual(before);
  });

  it('applies the registration rules and messages of the specification', async () => {
    const before = await counts();
    const valid = { email: 'new@person.example', name: 'New Person', password: 'secret1', companyName: 'Co' };
    const cases: Array<[object, string]> = [
      [{}, 'All fields are required'],
      [{ ...valid, name: '' }, 'All fields are required'],
      [{ ...valid, password: '12345' }, 'Password must be at least 6 characters long'],
      [{ ...valid, email: 'not an email' }, 'Please enter a valid email address'],
      [{ ...valid, companyName: 'x'.repeat(201) }, 'Must be at most 200 characters'],
      [{ ...valid, name: 42 }, 'name must be a `string` type, but the final value was: `42`.'],
    ];
    for (const [body, error] of cases) {
      const response = await register(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error).toBe(error);
      expect(response.body.fields).toBeTypeOf('object');
    }
    expect(await counts()).toEqual(before);
  });
});

describe('session routes', () => {
  const world = useWorld();

  it('returns the current user, company and permissions', async () => {
    const response = await world().http.get('/api/auth/me').set(world().bearer('carol'));
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: PEOPLE.carol.email, role: 'company_admin' });
    expect(response.body.company.name).toBe('Globex Health');
    expect(response.body.permissions).toEqual(DEFAULT_PERMISSIONS.company_admin);
  });

  it('requires a token for /me', async () => {
    const response = await world().http.get('/api/auth/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Authentication required', message: 'Sign in to continue.', code: 'authentication_required' });
  });

  it('signs out with 204', async () => {
    const response = await world().http.post('/api/auth/logout').set(world().bearer('bob'));
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
  });

  it('describes single sign-on as disabled until it is configured, and refuses to verify', async () => {
    const config = await world().http.get('/api/auth/sso-config');
    expect(config.body).toEqual({ enabled: false, provider: null, displayName: null, clientId: null, authority: null, scopes: ['User.Read', 'openid', 'profile', 'email'] });
    const verify = await world().http.post('/api/auth/verify-user').send({ idToken: 'x.y.z', email: PEOPLE.bob.email });
    expect(verify.status).toBe(503);
    expect(verify.body.error).toBe('Single sign-on is not configured');
  });
});
