import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@domain/auth/roles';
import { Invitation, User } from '@bff/entities';
import { TestSmtpServer } from './support/smtpServer';
import { unique, useWorld, World } from './support/world';

const INVALID_LINK = 'Invalid or expired invitation link. Please contact your administrator for a new invitation.';
const USED_LINK = 'This invitation has already been used. Please sign in instead.';
const DAY_MS = 24 * 60 * 60 * 1000;

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const newEmail = () => `${unique('invitee')}@example.test`.toLowerCase();

describe('invitations', () => {
  const world = useWorld();
  const invite = (who: 'admin' | 'alice' | 'bob', body: object) =>
    world().http.post('/api/users/invite').set(world().bearer(who)).send(body);

  it('invites into a company with a hashed, single-use, seven-day link', async () => {
    const w = world();
    const email = newEmail();
    const started = Date.now();
    const response = await invite('admin', { email, name: 'Ivy Invitee', role: 'user', companyId: w.companies.acme.id });
    expect(response.status).toBe(201);
    const { user, invitationLink, expiresAt, emailSent } = response.body;
    expect(user).toMatchObject({ email, name: 'Ivy Invitee', role: 'user', status: 'invited', companyId: w.companies.acme.id });
    expect(user.company).toEqual({ id: w.companies.acme.id, name: 'Acme Retail' });
    expect(user.permissions).toEqual(DEFAULT_PERMISSIONS.user);
    expect(emailSent).toBe(false);
    expect(invitationLink).toMatch(/^https:\/\/navout\.test\/setup-account\?token=[A-Za-z0-9_-]{43}$/);
    const expiry = new Date(expiresAt).getTime();
    expect(expiry - started).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(expiry - started).toBeLessThanOrEqual(7 * DAY_MS + 60_000);

    const token = tokenOf(invitationLink);
    const stored = await w.em().findOneOrFail(Invitation, { userId: user.id });
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const created = await w.em().findOneOrFail(User, { id: user.id });
    expect(created.passwordHash).toBeNull();

    const logged = w.logLines.find((line) => line.msg === 'Invitation created' && line.email === email);
    expect(logged?.invitationLink).toBe(invitationLink);
  });

  it('requires a company from a global admin', async () => {
    const response = await invite('admin', { email: newEmail(), name: 'No Company', role: 'user' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Company is required');
    expect(response.body.fields).toEqual({ companyId: 'Company is required' });
  });

  it('lets a company admin invite only into their own company', async () => {
    const w = world();
    const own = await invite('alice', { email: newEmail(), name: 'Own Company', role: 'user' });
    expect(own.status).toBe(201);
    expect(own.body.user.companyId).toBe(w.companies.acme.id);
    const explicitOwn = await invite('alice', { email: newEmail(), name: 'Explicit', role: 'company_admin', companyId: w.companies.acme.id });
    expect(explicitOwn.status).toBe(201);

    const email = newEmail();
    const other = await invite('alice', { email, name: 'Elsewhere', role: 'user', companyId: w.companies.globex.id });
    expect([other.status, other.body.code]).toEqual([404, 'not_found']);
    expect(await w.em().count(User, { email })).toBe(0);
  });

  it('reserves the Global Admin role to global admins inviting into the internal company', async () => {
    const w = world();
    const byCompanyAdmin = await invite('alice', { email: newEmail(), name: 'Would Be Admin', role: 'admin' });
    expect(byCompanyAdmin.status).toBe(403);
    expect(byCompanyAdmin.body.error).toBe('Only a global admin can assign Global Admin');

    const intoCustomer = await invite('admin', { email: newEmail(), name: 'Wrong Place', role: 'admin', companyId: w.companies.acme.id });
    expect(intoCustomer.status).toBe(403);
    expect(intoCustomer.body.error).toBe('Only a global admin can assign Global Admin');

    const internal = await invite('admin', { email: newEmail(), name: 'New Admin', role: 'admin', companyId: w.companies.navout.id });
    expect(internal.status).toBe(201);
    expect(internal.body.user.permissions).toEqual(['admin:all']);
  });

  it('refuses users without users:write and unknown companies', async () => {
    expect((await invite('bob', { email: newEmail(), name: 'X', role: 'user' })).status).toBe(403);
    const unknown = await invite('admin', { email: newEmail(), name: 'X', role: 'user', companyId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Company not found');
    const malformed = await invite('admin', { email: newEmail(), name: 'X', role: 'user', companyId: 'no-such-company' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'validation_failed', fields: { companyId: 'Must be a valid id' } });
    // A NUL is refused at the boundary, before the schema, still naming the field.
    const nul = await invite('admin', { email: newEmail(), name: 'X', role: 'user', companyId: 'no-such-company\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'unstorable_value', fields: { companyId: expect.stringContaining('cannot be stored') } });
  });

  it('refuses an e-mail that already has an account', async () => {
    const response = await invite('alice', { email: 'BOB@acme.example', name: 'Bob Twice', role: 'user' });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('Email already exists');
  });

  it('validates the invitation fields', async () => {
    const cases: Array<[object, string, string]> = [
      [{ name: 'X', role: 'user' }, 'email', 'Email is required'],
      [{ email: 'not-an-email', name: 'X', role: 'user' }, 'email', 'Please enter a valid email address'],
      [{ email: newEmail(), role: 'user' }, 'name', 'Full name is required'],
      [{ email: newEmail(), name: 'X', role: 'owner' }, 'role', 'role must be one of the following values: admin, company_admin, user'],
      [{ email: newEmail(), name: 'X', role: 'user', companyId: 7 }, 'companyId', 'companyId must be a `string` type, but the final value was: `7`.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await invite('alice', body);
      expect(response.status).toBe(400);
      expect(response.body.fields[field]).toBe(message);
    }
  });

  it('replaces the link when an invited user is invited again', async () => {
    const w = world();
    const email = newEmail();
    const first = await invite('alice', { email, name: 'Twice Invited', role: 'user' });
    const second = await invite('alice', { email, name: 'Twice Invited', role: 'company_admin' });
    expect(second.status).toBe(201);
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(second.body.user.permissions).toEqual(DEFAULT_PERMISSIONS.company_admin);
    expect((await w.http.get(`/api/auth/validate-invitation/${tokenOf(first.body.invitationLink)}`)).status).toBe(404);
    const current = await w.http.get(`/api/auth/validate-invitation/${tokenOf(second.body.invitationLink)}`);
    expect(current.status).toBe(200);
    expect(await w.em().count(Invitation, { userId: first.body.user.id })).toBe(1);
  });

  it('describes a valid invitation for the activation page', async () => {
    const w = world();
    const { user, token } = await w.addInvitation(w.companies.globex.id, { role: 'company_admin', name: 'Gina Globex' });
    const response = await w.http.get(`/api/auth/validate-invitation/${token}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: { name: 'Gina Globex', email: user.email, company: 'Globex Health', role: 'company_admin' },
    });
  });

  it('refuses unknown and expired links', async () => {
    const w = world();
    const unknown = await w.http.get('/api/auth/validate-invitation/not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(INVALID_LINK);

    const { user, token } = await w.addInvitation(w.companies.acme.id);
    await w.em().nativeUpdate(Invitation, { userId: user.id }, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await w.http.get(`/api/auth/validate-invitation/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe(INVALID_LINK);
    const activation = await w.http.post('/api/auth/activate-account').send({ token, password: 'Long-Enough-1' });
    expect(activation.status).toBe(410);
    expect((await w.reload(user))?.status).toBe('invited');
  });

  it('activates an account once, then the link is used', async () => {
    const w = world();
    const { user, token } = await w.addInvitation(w.companies.acme.id, { role: 'company_admin' });
    const response = await w.http.post('/api/auth/activate-account').send({ token, password: 'Chosen-Pass-1' });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, status: 'active', role: 'company_admin' });
    expect(response.body.permissions).toEqual(DEFAULT_PERMISSIONS.company_admin);
    expect(response.body.company.name).toBe('Acme Retail');
    const stored = await w.em().findOneOrFail(Invitation, { userId: user.id });
    expect(stored.usedAt).toBeInstanceOf(Date);

    const login = await w.http.post('/api/auth/login').send({ email: user.email, password: 'Chosen-Pass-1' });
    expect(login.status).toBe(200);

    const again = await w.http.post('/api/auth/activate-account').send({ token, password: 'Other-Pass-22' });
    expect(again.status).toBe(410);
    expect(again.body.error).toBe(USED_LINK);
    expect((await w.http.get(`/api/auth/validate-invitation/${token}`)).body.error).toBe(USED_LINK);
  });

  it('applies the activation rules and writes nothing when they fail', async () => {
    const w = world();
    const { user, token } = await w.addInvitation(w.companies.acme.id);
    const short = await w.http.post('/api/auth/activate-account').send({ token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password must be at least 8 characters long');
    const missingToken = await w.http.post('/api/auth/activate-account').send({ password: 'Long-Enough-1' });
    expect(missingToken.status).toBe(400);
    expect(missingToken.body.error).toBe('Invalid invitation link. No token provided.');
    const missingPassword = await w.http.post('/api/auth/activate-account').send({ token });
    expect(missingPassword.body.error).toBe('Password is required');
    const stored = await w.reload(user);
    expect(stored?.status).toBe('invited');
    expect(stored?.passwordHash).toBeNull();
  });

  it('lets only one of two simultaneous activations with the same link succeed', async () => {
    const w = world();
    const { token } = await w.addInvitation(w.companies.globex.id);
    const [first, second] = await Promise.all([
      w.http.post('/api/auth/activate-account').send({ token, password: 'First-Pass-11' }),
      w.http.post('/api/auth/activate-account').send({ token, password: 'Second-Pass-22' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 410]);
  });
});

describe('invitation e-mail', () => {
  let smtp: TestSmtpServer;
  let world: World;
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    world = await World.start({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'Navout <invites@navout.test>' } });
  });
  afterAll(async () => {
    await world?.stop();
    await smtp?.stop();
  });

  it('sends the link by e-mail when SMTP is configured', async () => {
    const email = newEmail();
    const response = await world.http
      .post('/api/users/invite')
      .set(world.bearer('carol'))
      .send({ email, name: 'Mailed Person', role: 'user' });
    expect(response.status).toBe(201);
    expect(response.body.emailSent).toBe(true);
    const mail = smtp.received.find((message) => message.to.some((recipient) => recipient.includes(email)));
    expect(mail?.from).toContain('invites@navout.test');
    expect(mail?.data).toContain('Globex Health');
    expect(mail?.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(response.body.invitationLink);
  });

  it('still creates the invitation when the mail server cannot be reached', async () => {
    await smtp.stop();
    const response = await world.http
      .post('/api/users/invite')
      .set(world.bearer('carol'))
      .send({ email: newEmail(), name: 'Unmailed Person', role: 'user' });
    expect(response.status).toBe(201);
    expect(response.body.emailSent).toBe(false);
    expect(world.logLines.some((line) => line.msg === 'Invitation e-mail could not be sent')).toBe(true);
  });
});
