import { describe, expect, it } from 'vitest';
import { isGlobalAdmin } from './session';
import { acmeCompany, companyAdminSession, companyUserSession, globalAdminSession, navoutCompany } from './testing/sessions';

describe('isGlobalAdmin', () => {
  it('is the admin role or the admin:all permission, within the internal company, as the BFF decides', () => {
    expect(isGlobalAdmin(globalAdminSession)).toBe(true);
    expect(isGlobalAdmin({ ...companyAdminSession, company: navoutCompany, permissions: ['admin:all'] })).toBe(true);
    expect(isGlobalAdmin({ ...globalAdminSession, company: acmeCompany })).toBe(false);
    expect(isGlobalAdmin({ ...companyAdminSession, permissions: ['admin:all'] })).toBe(false);
    expect(isGlobalAdmin(companyUserSession)).toBe(false);
    expect(isGlobalAdmin(null)).toBe(false);
  });
});
