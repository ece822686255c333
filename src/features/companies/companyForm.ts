/** Moving a company between its stored shape and the company forms. */
import type { CompanyInput } from '@domain/auth/schemas';
import type { Company } from '@domain/auth/types';
import { COMPANY_SIZE_RANGES, COMPANY_SIZES_WITH_EMPLOYEES } from '@domain/company/options';
import { NO_RETENTION, type CompanyRetention } from '@domain/company/retention';
import { sizeInStyle, type CompanySizeStyle } from '@domain/company/size';

export const COMPANY_SIZE_OPTIONS: Record<CompanySizeStyle, readonly string[]> = {
  bare: COMPANY_SIZE_RANGES,
  employees: COMPANY_SIZES_WITH_EMPLOYEES,
};

export function companyFormValues(company: Company | undefined, style: CompanySizeStyle): CompanyInput {
  return {
    name: company?.name ?? '',
    domain: company?.domain ?? '',
    industry: company?.industry ?? '',
    companySize: sizeInStyle(company?.companySize, style),
    website: company?.website ?? '',
    phone: company?.phone ?? '',
    address: company?.address ?? '',
    description: company?.description ?? '',
    targetAudience: company?.targetAudience ?? '',
    status: company?.status ?? 'active',
  };
}

/** An emptied optional field is sent as null, so the server clears it. */
export function companyPayload(values: CompanyInput): CompanyInput {
  const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
  return {
    name: values.name.trim(),
    domain: values.domain.trim(),
    status: values.status,
    industry: blankToNull(values.industry),
    companySize: blankToNull(values.companySize),
    website: blankToNull(values.website),
    phone: blankToNull(values.phone),
    address: blankToNull(values.address),
    description: blankToNull(values.description),
    targetAudience: blankToNull(values.targetAudience),
  };
}

/** The company's retention periods as the Company Profile form starts them (null: kept). */
export function retentionFormValues(company: Company | undefined): CompanyRetention {
  return { ...NO_RETENTION, ...company?.retention };
}
