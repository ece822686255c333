import type { Company as CompanyView } from '@domain/auth/types';
import type { CompanySnapshot } from '../../types';
import { fileUrl } from '../files';

export function presentCompany(company: CompanySnapshot): CompanyView {
  return {
    id: company.id,
    name: company.name,
    domain: company.domain,
    industry: company.industry,
    companySize: company.companySize,
    website: company.website,
    phone: company.phone,
    address: company.address,
    description: company.description,
    targetAudience: company.targetAudience,
    timeZone: company.timeZone ?? null,
    retention: {
      eventsDays: company.retentionEventsDays ?? null,
      callLogDays: company.retentionCallLogDays ?? null,
      responsesDays: company.retentionResponsesDays ?? null,
    },
    status: company.status,
    logoUrl: fileUrl(company.logoFileId),
    isInternal: company.isInternal,
    createdAt: company.createdAt.toISOString(),
  };
}
