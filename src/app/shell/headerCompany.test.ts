import { describe, expect, it } from 'vitest';
import { acmeCompany, companyUserSession, globalAdminSession, globexCompany, sampleCompanies } from '@/lib/testing/sessions';
import { ALL_COMPANIES_LABEL, headerCompany, MY_COMPANY_LABEL } from './headerCompany';

describe('headerCompany', () => {
  it('names "All Companies" for a global admin viewing all', () => {
    expect(headerCompany(globalAdminSession, 'all', sampleCompanies).name).toBe(ALL_COMPANIES_LABEL);
  });

  it('names the company a global admin chose, with its logo', () => {
    const companies = sampleCompanies.map((company) =>
      company.id === globexCompany.id ? { ...company, logoUrl: '/api/companies/c-globex/logo' } : company,
    );
    expect(headerCompany(globalAdminSession, globexCompany.id, companies)).toEqual({
      name: 'Globex Health',
      logoUrl: '/api/companies/c-globex/logo',
    });
  });

  it("names a company user's own company, whatever the list holds", () => {
    expect(headerCompany(companyUserSession, acmeCompany.id, []).name).toBe('Acme Retail');
  });

  it('falls back to "My Company" when the viewed company is not known yet', () => {
    expect(headerCompany(globalAdminSession, 'c-unknown', []).name).toBe(MY_COMPANY_LABEL);
    expect(headerCompany({ ...companyUserSession, company: { ...acmeCompany, name: '' } }, acmeCompany.id).name).toBe(
      MY_COMPANY_LABEL,
    );
  });
});
