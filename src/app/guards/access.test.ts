import { describe, expect, it } from 'vitest';
import { canAccess, decideAccess, needsPermission, needsRole, PUBLIC, SIGNED_IN } from './access';

const user = { role: 'user' as const, permissions: ['dashboard:read'] };
const companyAdmin = { role: 'company_admin' as const, permissions: ['data_sources:read', 'users:read'] };
const globalAdmin = { role: 'admin' as const, permissions: ['admin:all'] };

describe('canAccess', () => {
  it('lets anyone open a public page and any signed-in user a protected one', () => {
    expect(canAccess(PUBLIC, null)).toBe(true);
    expect(canAccess(SIGNED_IN, null)).toBe(false);
    expect(canAccess(SIGNED_IN, user)).toBe(true);
  });

  it('requires the permission, which a global admin always holds', () => {
    const access = needsPermission('data_sources:read');
    expect(canAccess(access, user)).toBe(false);
    expect(canAccess(access, companyAdmin)).toBe(true);
    expect(canAccess(access, globalAdmin)).toBe(true);
    expect(canAccess(needsPermission('plans:read'), { role: 'user', permissions: ['admin:all'] })).toBe(true);
  });

  it('requires the role or a higher one', () => {
    expect(canAccess(needsRole('admin'), companyAdmin)).toBe(false);
    expect(canAccess(needsRole('admin'), globalAdmin)).toBe(true);
    expect(canAccess(needsRole('company_admin'), globalAdmin)).toBe(true);
    expect(canAccess(needsRole('company_admin'), user)).toBe(false);
  });
});

describe('decideAccess', () => {
  it('waits while the session is loading and nobody is signed in yet', () => {
    expect(decideAccess(SIGNED_IN, null, true)).toBe('loading');
  });

  it('sends visitors without a session to sign in', () => {
    expect(decideAccess(needsPermission('api:read'), null, false)).toBe('sign-in');
  });

  it('denies a signed-in user without the role or permission', () => {
    expect(decideAccess(needsRole('admin'), companyAdmin, false)).toBe('unauthorized');
    expect(decideAccess(needsPermission('models:read'), user, false)).toBe('unauthorized');
  });

  it('allows public pages, and pages the session may open', () => {
    expect(decideAccess(PUBLIC, null, true)).toBe('allow');
    expect(decideAccess(needsPermission('models:read'), companyAdmin, false)).toBe('unauthorized');
    expect(decideAccess(needsPermission('users:read'), companyAdmin, false)).toBe('allow');
  });
});
