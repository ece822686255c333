import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '../apiKeys';
import { DEFAULT_PERMISSIONS, PERMISSIONS, ROLES, type Permission, type Role } from '../auth/roles';
import { ADMIN_MODALS, type AdminModalName } from './adminModals';
import {
  allows,
  CAPABILITIES,
  describeCapability,
  meets,
  type Caller,
  type Capability,
  type Requirement,
} from './capabilities';
import { API_ROUTES, type ApiRoute } from './apiRoutes';

/** Every kind of caller the dashboard and the API meet, and a few no real account has. */
function everyCaller(): Caller[] {
  const callers: Caller[] = [null];
  for (const role of ROLES) {
    const permissionSets: (readonly Permission[])[] = [
      DEFAULT_PERMISSIONS[role],
      [],
      ...PERMISSIONS.map((permission) => [permission]),
      PERMISSIONS,
    ];
    for (const isGlobalAdmin of [true, false]) {
      for (const permissions of permissionSets) callers.push({ kind: 'user', role, permissions, isGlobalAdmin });
    }
  }
  for (const scope of API_KEY_SCOPES) callers.push({ kind: 'apiKey', scopes: [scope] });
  callers.push({ kind: 'apiKey', scopes: API_KEY_SCOPES });
  return callers;
}

const describeCaller = (caller: Caller) => JSON.stringify(caller);
const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

describe('the administration modals', () => {
  it('name only routes of the API among what they load', () => {
    for (const { loads } of Object.values(ADMIN_MODALS)) {
      for (const route of loads) expect(Object.keys(API_ROUTES)).toContain(route);
    }
  });

  it('can show themselves to whoever may open them: every call they make to load is allowed too', () => {
    const refusals: string[] = [];
    for (const caller of everyCaller()) {
      for (const name of Object.keys(ADMIN_MODALS) as AdminModalName[]) {
        const modal = ADMIN_MODALS[name];
        if (!allows(modal.capability, caller)) continue;
        for (const route of modal.loads as readonly ApiRoute[]) {
          if (!allows(API_ROUTES[route], caller)) refusals.push(`${name} → ${route} for ${describeCaller(caller)}`);
        }
      }
    }
    expect(refusals).toEqual([]);
  });
});

describe('allows', () => {
  const user = (role: Role, permissions: readonly Permission[] = [], isGlobalAdmin = false): Caller => ({
    kind: 'user',
    role,
    permissions,
    isGlobalAdmin,
  });

  it('lets anyone through a public capability and nobody else through the rest', () => {
    expect(allows('public', null)).toBe(true);
    for (const capability of CAPABILITY_NAMES.filter((name) => name !== 'public')) {
      expect(allows(capability, null), capability).toBe(false);
    }
  });

  it('lets the admin role satisfy every role, and a role never satisfy a higher one', () => {
    expect(meets({ kind: 'role', role: 'admin' }, user('admin'))).toBe(true);
    expect(meets({ kind: 'role', role: 'company_admin' }, user('admin'))).toBe(true);
    expect(meets({ kind: 'role', role: 'user' }, user('admin'))).toBe(true);
    expect(meets({ kind: 'role', role: 'user' }, user('company_admin'))).toBe(true);
    expect(meets({ kind: 'role', role: 'admin' }, user('company_admin'))).toBe(false);
    expect(meets({ kind: 'role', role: 'company_admin' }, user('user'))).toBe(false);
    // A global admin reaches every company whatever role is stored.
    expect(meets({ kind: 'role', role: 'admin' }, user('user', [], true))).toBe(true);
    expect(allows('viewAudience', user('admin'))).toBe(true);
    expect(allows('managePermissions', user('admin'))).toBe(true);
  });

  it('gives a global admin every permission, and others only theirs', () => {
    expect(allows('viewPlans', user('admin'))).toBe(true);
    expect(allows('viewPlans', user('user', ['admin:all']))).toBe(true);
    expect(allows('viewPlans', user('company_admin', DEFAULT_PERMISSIONS.company_admin))).toBe(false);
    expect(allows('viewPlans', user('user', ['plans:read']))).toBe(true);
  });

  it('keeps choosing a company and managing companies for a global admin of the internal company', () => {
    expect(allows('chooseCompany', user('admin', ['admin:all'], true))).toBe(true);
    expect(allows('chooseCompany', user('admin', ['admin:all'], false))).toBe(false);
    expect(allows('manageCompanies', user('company_admin', PERMISSIONS, false))).toBe(false);
  });

  it('never lets an API key satisfy a capability of users, whatever its scopes', () => {
    const everyScope: Caller = { kind: 'apiKey', scopes: API_KEY_SCOPES };
    const forKeys = new Set<Capability>(['predict', 'ingest', 'readKeyUsage', 'privacyApi']);
    for (const capability of CAPABILITY_NAMES.filter((name) => name !== 'public' && !forKeys.has(name))) {
      expect(allows(capability, everyScope), capability).toBe(false);
    }
    // The API's capabilities (prediction, privacy) are the keys' own, and no user meets them.
    const user: Caller = { kind: 'user', role: 'admin', permissions: ['admin:all'], isGlobalAdmin: true };
    for (const capability of forKeys) {
      expect(allows(capability, everyScope), capability).toBe(true);
      expect(allows(capability, user), capability).toBe(false);
    }
    expect(meets({ kind: 'signedIn' }, everyScope)).toBe(false);
    expect(meets({ kind: 'permission', permission: 'api:read' }, everyScope)).toBe(false);
    expect(meets({ kind: 'globalAdmin' }, everyScope)).toBe(false);
  });

  it('lets the admin scope satisfy read and write, and no other scope stand in for another', () => {
    const admin: Caller = { kind: 'apiKey', scopes: ['admin'] };
    const read: Caller = { kind: 'apiKey', scopes: ['read'] };
    expect(meets({ kind: 'apiKey', scope: 'read' }, admin)).toBe(true);
    expect(meets({ kind: 'apiKey', scope: 'write' }, admin)).toBe(true);
    expect(meets({ kind: 'apiKey', scope: 'read' }, read)).toBe(true);
    expect(meets({ kind: 'apiKey', scope: 'write' }, read)).toBe(false);
    expect(meets({ kind: 'apiKey', scope: 'admin' }, read)).toBe(false);
    expect(meets({ kind: 'apiKey', scope: 'read' }, user('admin', PERMISSIONS, true))).toBe(false);
  });

  it('meets anyOf when one of its options is met, and not otherwise', () => {
    const companyAdminOrPermissions = CAPABILITIES.managePermissions;
    expect(meets(companyAdminOrPermissions, user('company_admin'))).toBe(true);
    expect(meets(companyAdminOrPermissions, user('user', ['users:permissions']))).toBe(true);
    expect(meets(companyAdminOrPermissions, user('user', ['users:read']))).toBe(false);
    expect(meets({ kind: 'anyOf', options: [] }, user('admin', PERMISSIONS, true))).toBe(false);
    const userOrReadKey: Requirement = { kind: 'anyOf', options: [{ kind: 'signedIn' }, { kind: 'apiKey', scope: 'read' }] };
    expect(meets(userOrReadKey, { kind: 'apiKey', scopes: ['read'] })).toBe(true);
  });

  it('meets allOf only when every part is met', () => {
    const overrideLogs = CAPABILITIES.reviewOverrideLogs;
    expect(meets(overrideLogs, user('admin', ['admin:all'], true))).toBe(true);
    // A global admin flag without the survey permission, and the permission outside the internal company.
    expect(meets(overrideLogs, user('user', [], true))).toBe(false);
    expect(meets(overrideLogs, user('company_admin', DEFAULT_PERMISSIONS.company_admin))).toBe(false);
    expect(meets(overrideLogs, user('user', PERMISSIONS, false))).toBe(false);
    expect(meets({ kind: 'allOf', requirements: [] }, user('user'))).toBe(true);
    expect(describeCapability('reviewOverrideLogs')).toBe('This action needs a global admin and the data_sources:write permission.');
  });
});
