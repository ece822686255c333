import { describe, expect, it } from 'vitest';
import { companySchema } from '@domain/auth/schemas';
import { sizeInStyle } from '@domain/company/size';
import { acmeCompany } from '@/lib/testing/sessions';
import { companyFormValues, companyPayload } from './companyForm';

describe('sizeInStyle', () => {
  it('shows a known size in the style of the form editing it', () => {
    expect(sizeInStyle('51-200', 'employees')).toBe('51-200 employees');
    expect(sizeInStyle('51-200 employees', 'bare')).toBe('51-200');
    expect(sizeInStyle('1000+ employees', 'employees')).toBe('1000+ employees');
    expect(sizeInStyle('1000+', 'bare')).toBe('1000+');
  });

  it('leaves an unknown size as it is, and an empty one empty', () => {
    expect(sizeInStyle('about 40', 'employees')).toBe('about 40');
    expect(sizeInStyle(null, 'bare')).toBe('');
  });
});

describe('company form values', () => {
  it('start a new company blank and active', () => {
    expect(companyFormValues(undefined, 'bare')).toMatchObject({ name: '', domain: '', status: 'active', website: '' });
  });

  it('pass the shared schema when blank optional fields are left alone', async () => {
    const values = { ...companyFormValues(undefined, 'bare'), name: 'Initech', domain: 'initech.example' };
    await expect(companySchema.validate(values)).resolves.toMatchObject({ name: 'Initech' });
  });

  it('send emptied fields as null and trim the rest', () => {
    const values = { ...companyFormValues(acmeCompany, 'bare'), website: '', name: '  Acme Retail  ' };
    expect(companyPayload(values)).toMatchObject({
      name: 'Acme Retail',
      website: null,
      companySize: '201-500',
      industry: 'Retail',
    });
  });
});
