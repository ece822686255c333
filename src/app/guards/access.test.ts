import { describe, expect, it } from 'vitest';
import { allows, type Caller } from '@domain/access/capabilities';
import type { Permission, Role } from '@domain/auth/roles';
import { decideAccess } from './access';

const callerWith = (role: Role, permissions: Permission[], isGlobalAdmin = false): Caller => ({
  kind: 'user',
  role,
  permissions,
  isGlobalAdmin,
});

const user = callerWith('user', ['dashboard:read']);
const companyAdmin = callerWith('company_admin', ['data_sources:read', 'users:read']);
const globalAdmin = callerWith('admin', ['admin:all'], true);

describe('the capabilities the guard decides with', () => {
  it('lets anyone open a public page and any signed-in user a protected one', () => {
    expect(allows('public', null)).toBe(true);
    expect(allows('signedIn', null)).toBe(false);
    expect(allows('signedIn', user)).toBe(true);
  });

  it('requires the permission, which a global admin always holds', () => {
    expect(allows('viewData', user)).toBe(false);
    expect(allows('viewData', companyAdmin)).toBe(true);
    expect(allows('viewData', globalAdmin)).toBe(true);
    expect(allows('viewPlans', callerWith('user', ['admin:all']))).toBe(true);
  });

  it('requires the role or a higher one', () => {
    expect(allows('viewAudience', companyAdmin)).toBe(false);
    expect(allows('viewAudience', globalAdmin)).toBe(true);
    expect(allows('managePermissions', globalAdmin)).toBe(true);
    expect(allows('managePermissions', user)).toBe(false);
  });
});

describe('decideAccess', () => {
  it('waits while the session is loading and nobody is signed in yet', () => {
    expect(decideAccess('signedIn', null, true)).toBe('loading');
  });

  it('sends visitors without a session to sign in', () => {
    expect(decideAccess('viewApi', null, false)).toBe('sign-in');
  });

  it('denies a signed-in user without the role or permission', () => {
    expect(decideAccess('viewAudience', companyAdmin, false)).toBe('unauthorized');
    expect(decideAccess('viewModels', user, false)).toBe('unauthorized');
  });

  it('allows public pages, and pages the session may open', () => {
    expect(decideAccess('public', null, true)).toBe('allow');
    expect(decideAccess('viewModels', companyAdmin, false)).toBe('unauthorized');
    expect(decideAccess('viewUsers', companyAdmin, false)).toBe('allow');
  });
});
