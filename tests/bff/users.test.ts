import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_PREFERENCES } from '@domain/dashboard/schemas';
import { DashboardPreference, Invitation, StoredFile, User } from '@bff/entities';
import { PEOPLE, PNG_BYTES, SVG_BYTES, unique, useWorld } from './support/world';

describe('user management', () => {
  const world = useWorld();
  const as = (who: Parameters<ReturnType<typeof world>['bearer']>[0]) => world().bearer(who);

  describe('GET /api/users', () => {
    it('lists every company for a global admin, or the filtered one', async () => {
      const w = world();
      const all = await w.http.get('/api/users').set(as('admin'));
      expect(all.status).toBe(200);
      const emails = all.body.map((user: { email: string }) => user.email);
      for (const person of Object.values(PEOPLE)) expect(emails).toContain(person.email);

      const acme = await w.http.get('/api/users').query({ companyFilter: w.companies.acme.id }).set(as('admin'));
      expect(new Set(acme.body.map((user: { companyId: string }) => user.companyId))).toEqual(new Set([w.companies.acme.id]));
      const alice = acme.body.find((user: { email: string }) => user.email === PEOPLE.alice.email);
      expect(alice).toEqual({
        id: w.users.alice.id,
        name: 'Alice Martin',
        email: 'alice@acme.example',
        role: 'company_admin',
        status: 'active',
        permissions: expect.arrayContaining(['users:write']),
        companyId: w.companies.acme.id,
        company: { id: w.companies.acme.id, name: 'Acme Retail' },
        profileName: 'Alice',
        photoUrl: null,
        sso: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(JSON.stringify(all.body)).not.toMatch(/passwordHash|scrypt/);
    });

    it('scopes a company admin to their own company, and answers another company with 404', async () => {
      const w = world();
      const named = await w.http.get('/api/users').query({ companyFilter: w.companies.globex.id }).set(as('alice'));
      expect([named.status, named.body.code]).toEqual([404, 'not_found']);
      for (const companyFilter of [undefined, w.companies.acme.id, 'all']) {
        const response = await w.http.get('/api/users').query(companyFilter ? { companyFilter } : {}).set(as('alice'));
        expect(response.status).toBe(200);
        expect(response.body.length).toBeGreaterThan(0);
        expect(response.body.every((user: { companyId: string }) => user.companyId === w.companies.acme.id)).toBe(true);
      }
    });

    it('refuses a user without users:read', async () => {
      expect((await world().http.get('/api/users').set(as('bob'))).status).toBe(403);
    });
  });

  describe('PUT /api/users/:id/status', () => {
    it('changes the status within the company and stops the user at once', async () => {
      const w = world();
      const member = await w.addUser(w.companies.acme.id, { password: 'Member-Pass-1' });
      const response = await w.http.put(`/api/users/${member.id}/status`).set(as('alice')).send({ status: 'suspended' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: member.id, status: 'suspended' });
      const login = await w.http.post('/api/auth/login').set('X-Forwarded-For', unique('ip')).send({ email: member.email, password: 'Member-Pass-1' });
      expect(login.status).toBe(403);
    });

    it('refuses your own status, bad values, and users out of reach', async () => {
      const w = world();
      const self = await w.http.put(`/api/users/${w.users.alice.id}/status`).set(as('alice')).send({ status: 'suspended' });
      expect(self.status).toBe(400);
      expect(self.body.error).toBe('You cannot change your own status');

      const bad = await w.http.put(`/api/users/${w.users.bob.id}/status`).set(as('alice')).send({ status: 'deleted' });
      expect(bad.status).toBe(400);
      expect(bad.body.fields.status).toMatch(/status must be one of/);
      expect((await w.http.put(`/api/users/${w.users.bob.id}/status`).set(as('alice')).send({})).body.error).toBe('Status is required');

      const other = await w.http.put(`/api/users/${w.users.dan.id}/status`).set(as('alice')).send({ status: 'suspended' });
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('User not found');
      expect((await w.reload(w.users.dan))?.status).toBe('active');
      expect((await w.http.put(`/api/users/${randomUUID()}/status`).set(as('alice')).send({ status: 'active' })).status).toBe(404);
      expect((await w.http.put('/api/users/no-such-id/status').set(as('alice')).send({ status: 'active' })).status).toBe(400);
    });

    it('keeps a company admin of the internal company away from the Global Admin', async () => {
      const w = world();
      const staff = await w.addUser(w.companies.navout.id, { role: 'company_admin' });
      const response = await w.http.put(`/api/users/${w.users.admin.id}/status`).set(as(staff)).send({ status: 'suspended' });
      expect(response.status).toBe(403);
      const reset = await w.http.post(`/api/users/${w.users.admin.id}/reset-password`).set(as(staff)).send({ newPassword: 'Taken-Over-1' });
      expect(reset.status).toBe(403);
      expect((await w.reload(w.users.admin))?.status).toBe('active');
    });
  });

  describe('DELETE /api/users/:id', () => {
    it('removes the user with their invitations and overview preferences', async () => {
      const w = world();
      const { user } = await w.addInvitation(w.companies.acme.id);
      w.em().create(DashboardPreference, { userId: user.id, scope: w.companies.acme.id, preferences: DEFAULT_DASHBOARD_PREFERENCES });
      await w.em().flush();
      const response = await w.http.delete(`/api/users/${user.id}`).set(as('alice'));
      expect(response.status).toBe(204);
      expect(await w.em().count(User, { id: user.id })).toBe(0);
      expect(await w.em().count(Invitation, { userId: user.id })).toBe(0);
      expect(await w.em().count(DashboardPreference, { userId: user.id })).toBe(0);
    });

    it('refuses your own account and users out of reach', async () => {
      const w = world();
      const self = await w.http.delete(`/api/users/${w.users.alice.id}`).set(as('alice'));
      expect(self.status).toBe(400);
      expect(self.body.error).toBe('You cannot delete your own account');
      expect((await w.http.delete(`/api/users/${w.users.carol.id}`).set(as('alice'))).status).toBe(404);
      expect(await w.em().count(User, { id: w.users.carol.id })).toBe(1);
    });
  });

  describe('POST /api/users/:id/reset-password', () => {
    it('sets a new password that signs in, and the old one no longer does', async () => {
      const w = world();
      const member = await w.addUser(w.companies.globex.id, { password: 'Before-Reset-1' });
      const response = await w.http.post(`/api/users/${member.id}/reset-password`).set(as('carol')).send({ newPassword: 'After-Reset-1' });
      expect(response.status).toBe(204);
      const address = unique('ip');
      expect((await w.http.post('/api/auth/login').set('X-Forwarded-For', address).send({ email: member.email, password: 'Before-Reset-1' })).status).toBe(401);
      expect((await w.http.post('/api/auth/login').set('X-Forwarded-For', address).send({ email: member.email, password: 'After-Reset-1' })).status).toBe(200);
    });

    it('applies the password rule', async () => {
      const w = world();
      const short = await w.http.post(`/api/users/${w.users.bob.id}/reset-password`).set(as('alice')).send({ newPassword: 'short' });
      expect(short.status).toBe(400);
      expect(short.body.error).toBe('Password must be at least 8 characters long');
      const missing = await w.http.post(`/api/users/${w.users.bob.id}/reset-password`).set(as('alice')).send({});
      expect(missing.status).toBe(400);
      expect(missing.body.fields.newPassword).toBeDefined();
    });
  });

  describe('PUT /api/users/:id/permissions', () => {
    it('stores the role and permissions a company admin may give', async () => {
      const w = world();
      const member = await w.addUser(w.companies.acme.id);
      const response = await w.http
        .put(`/api/users/${member.id}/permissions`)
        .set(as('alice'))
        .send({ role: 'company_admin', permissions: ['dashboard:read', 'users:read', 'models:read'] });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: member.id, role: 'company_admin', permissions: ['dashboard:read', 'users:read', 'models:read'] });
      expect((await w.reload(member))?.permissions).toEqual(['dashboard:read', 'users:read', 'models:read']);
    });

    it('reserves Global Admin and admin:all to global admins, for the internal company only', async () => {
      const w = world();
      const member = await w.addUser(w.companies.acme.id);
      const roleAdmin = await w.http.put(`/api/users/${member.id}/permissions`).set(as('alice')).send({ role: 'admin', permissions: [] });
      expect(roleAdmin.status).toBe(403);
      expect(roleAdmin.body.error).toBe('Only a global admin can assign Global Admin');
      const allAccess = await w.http.put(`/api/users/${member.id}/permissions`).set(as('alice')).send({ role: 'user', permissions: ['admin:all'] });
      expect(allAccess.status).toBe(403);
      const customer = await w.http.put(`/api/users/${member.id}/permissions`).set(as('admin')).send({ role: 'admin', permissions: [] });
      expect(customer.status).toBe(403);
      expect((await w.reload(member))?.role).toBe('user');

      const staff = await w.addUser(w.companies.navout.id);
      const promoted = await w.http.put(`/api/users/${staff.id}/permissions`).set(as('admin')).send({ role: 'admin', permissions: ['dashboard:read'] });
      expect(promoted.status).toBe(200);
      expect(promoted.body.permissions).toEqual(['dashboard:read', 'admin:all']);
    });

    it('lets nobody grant permissions beyond their own, or change their own', async () => {
      const w = world();
      const member = await w.addUser(w.companies.acme.id);
      const beyond = await w.http.put(`/api/users/${member.id}/permissions`).set(as('alice')).send({ role: 'user', permissions: ['plans:write'] });
      expect(beyond.status).toBe(403);
      const own = await w.http.put(`/api/users/${w.users.alice.id}/permissions`).set(as('alice')).send({ role: 'company_admin', permissions: [] });
      expect(own.status).toBe(400);
      expect(own.body.error).toBe('You cannot change your own permissions');
    });

    it('validates roles and permission names, and refuses users', async () => {
      const w = world();
      const unknownPermission = await w.http.put(`/api/users/${w.users.bob.id}/permissions`).set(as('alice')).send({ role: 'user', permissions: ['everything'] });
      expect(unknownPermission.status).toBe(400);
      expect(Object.keys(unknownPermission.body.fields)).toEqual(['permissions[0]']);
      const missing = await w.http.put(`/api/users/${w.users.bob.id}/permissions`).set(as('alice')).send({ permissions: 'users:read' });
      expect(missing.status).toBe(400);
      expect(missing.body.fields.role).toBe('Role is required');
      const byUser = await w.http.put(`/api/users/${w.users.bob.id}/permissions`).set(as('bob')).send({ role: 'user', permissions: [] });
      expect(byUser.status).toBe(403);
    });
  });

  describe('profile', () => {
    it('updates the signed-in user only, keeping absent fields', async () => {
      const w = world();
      const member = await w.addUser(w.companies.globex.id);
      const first = await w.http.put('/api/users/profile').set(as(member)).send({
        userId: member.id,
        profileName: 'Mina',
        phone: '+1 555 0100',
        department: 'Care',
        jobTitle: 'Nurse',
        bio: 'Ten years in outpatient care.',
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: member.id, profileName: 'Mina', phone: '+1 555 0100', jobTitle: 'Nurse', photoUrl: null });
      const second = await w.http.put('/api/users/profile').set(as(member)).send({ profileName: 'Mina R.', phone: '' });
      expect(second.body).toMatchObject({ profileName: 'Mina R.', phone: null, department: 'Care', bio: 'Ten years in outpatient care.' });
    });

    it("refuses someone else's user id and invalid fields", async () => {
      const w = world();
      const other = await w.http.put('/api/users/profile').set(as('bob')).send({ userId: w.users.dan.id, profileName: 'Hijack' });
      expect(other.status).toBe(403);
      expect((await w.reload(w.users.dan))?.profileName).toBe('Dan');
      const missing = await w.http.put('/api/users/profile').set(as('bob')).send({ phone: '1' });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('Profile name is required');
      const long = await w.http.put('/api/users/profile').set(as('bob')).send({ profileName: 'Bob', bio: 'x'.repeat(2001) });
      expect(long.status).toBe(400);
      expect(long.body.fields.bio).toBe('Must be at most 2000 characters');
      expect((await w.http.put('/api/users/profile').send({ profileName: 'Anon' })).status).toBe(401);
    });

    it('stores a photo checked by its content and serves it to every device', async () => {
      const w = world();
      const member = await w.addUser(w.companies.acme.id);
      const upload = await w.http.put('/api/users/profile/photo').set(as(member)).set('Content-Type', 'image/png').send(PNG_BYTES);
      expect(upload.status).toBe(200);
      expect(upload.body.photoUrl).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{32}$/);

      const image = await w.http.get(upload.body.photoUrl).buffer(true);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toContain('max-age=31536000');
      expect(Buffer.compare(image.body as Buffer, PNG_BYTES)).toBe(0);

      const replaced = await w.http.put('/api/users/profile/photo').set(as(member)).set('Content-Type', 'image/png').send(PNG_BYTES);
      expect(replaced.body.photoUrl).not.toBe(upload.body.photoUrl);
      expect((await w.http.get(upload.body.photoUrl)).status).toBe(404);

      const removed = await w.http.delete('/api/users/profile/photo').set(as(member));
      expect(removed.status).toBe(200);
      expect(removed.body.photoUrl).toBeNull();
      expect((await w.http.get(replaced.body.photoUrl)).status).toBe(404);
      expect(await w.em().count(StoredFile, { kind: 'user_photo', companyId: w.companies.acme.id })).toBe(0);
    });

    it('refuses SVG, disguised files, empty and oversize uploads', async () => {
      const w = world();
      const svg = await w.http.put('/api/users/profile/photo').set(as('bob')).set('Content-Type', 'image/svg+xml').send(SVG_BYTES);
      expect(svg.status).toBe(400);
      expect(svg.body.error).toBe('Please select a valid image file');
      const disguised = await w.http.put('/api/users/profile/photo').set(as('bob')).set('Content-Type', 'image/png').send(Buffer.from('#!/bin/sh\necho hi\n'));
      expect(disguised.status).toBe(400);
      const empty = await w.http.put('/api/users/profile/photo').set(as('bob')).set('Content-Type', 'image/png').send(Buffer.alloc(0));
      expect(empty.status).toBe(400);
      const json = await w.http.put('/api/users/profile/photo').set(as('bob')).send({ image: 'data:image/png;base64,AAAA' });
      expect(json.status).toBe(400);

      const oversize = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
      const tooLarge = await w.http.put('/api/users/profile/photo').set(as('bob')).set('Content-Type', 'image/png').send(oversize);
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.error).toBe('Image file must be smaller than 5MB');
      expect((await w.reload(w.users.bob))?.photoFileId).toBeNull();
    });

    it('answers 404 for unknown files', async () => {
      expect((await world().http.get('/api/files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
      expect((await world().http.get('/api/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(400);
    });
  });
});
