import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@domain/auth/roles';
import { canAssignGlobalAdmin, permissionsForRole, roleOptions } from './roleOptions';

const internal = { isInternal: true };
const customer = { isInternal: false };

describe('canAssignGlobalAdmin', () => {
  it('lets a global admin viewing all companies or the internal company grant Global Admin', () => {
    expect(canAssignGlobalAdmin({ role: 'admin', companyFilter: 'all', viewedCompany: undefined })).toBe(true);
    expect(canAssignGlobalAdmin({ role: 'admin', companyFilter: 'c-navout', viewedCompany: internal })).toBe(true);
  });

  it('refuses a global admin viewing a customer company', () => {
    expect(canAssignGlobalAdmin({ role: 'admin', companyFilter: 'c-acme', viewedCompany: customer })).toBe(false);
    // Not known yet (still loading): not offered.
    expect(canAssignGlobalAdmin({ role: 'admin', companyFilter: 'c-acme', viewedCompany: undefined })).toBe(false);
  });

  it('never lets a company admin or a user grant Global Admin, even in the internal company', () => {
    expect(canAssignGlobalAdmin({ role: 'company_admin', companyFilter: 'all', viewedCompany: internal })).toBe(false);
    expect(canAssignGlobalAdmin({ role: 'user', companyFilter: 'c-navout', viewedCompany: internal })).toBe(false);
  });
});

describe('roleOptions', () => {
  it('offers User and Company Admin to a company admin, without Global Admin', () => {
    const options = roleOptions({ role: 'company_admin', companyFilter: 'c-acme', viewedCompany: customer });
    expect(options.map((option) => option.label)).toEqual(['User', 'Company Admin']);
  });

  it('adds Global Admin for a global admin viewing all companies', () => {
    const options = roleOptions({ role: 'admin', companyFilter: 'all', viewedCompany: undefined });
    expect(options).toContainEqual({ value: 'admin', label: 'Global Admin', disabled: false });
  });

  it('shows an existing Global Admin role, disabled, to someone who may not grant it', () => {
    const options = roleOptions({ role: 'admin', companyFilter: 'c-acme', viewedCompany: customer }, 'admin');
    expect(options).toContainEqual({ value: 'admin', label: 'Global Admin', disabled: true });
  });
});

describe('permissionsForRole', () => {
  it('starts from the default set of the role, as a fresh array', () => {
    expect(permissionsForRole('admin')).toEqual(['admin:all']);
    expect(permissionsForRole('user')).toEqual(['dashboard:read']);
    const companyAdmin = permissionsForRole('company_admin');
    expect(companyAdmin).toEqual([...DEFAULT_PERMISSIONS.company_admin]);
    expect(companyAdmin).not.toBe(DEFAULT_PERMISSIONS.company_admin);
  });
});
