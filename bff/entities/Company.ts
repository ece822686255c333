import { EntitySchema } from '@mikro-orm/core';
import type { CompanyStatus } from '@domain/company/options';
import { BaseRecord, BaseRecordSchema } from './BaseRecord';

export class Company extends BaseRecord<'status' | 'isInternal' | NullableCompanyField> {
  name!: string;
  domain: string | null = null;
  industry: string | null = null;
  companySize: string | null = null;
  website: string | null = null;
  phone: string | null = null;
  address: string | null = null;
  description: string | null = null;
  targetAudience: string | null = null;
  status: CompanyStatus = 'active';
  /** The company whose members may be Global Admins; set only by the seed, never through the API. */
  isInternal = false;
  logoFileId: string | null = null;
}

type NullableCompanyField =
  | 'domain'
  | 'industry'
  | 'companySize'
  | 'website'
  | 'phone'
  | 'address'
  | 'description'
  | 'targetAudience'
  | 'logoFileId';

export const CompanySchema = new EntitySchema<Company, BaseRecord>({
  class: Company,
  extends: BaseRecordSchema,
  tableName: 'companies',
  properties: {
    name: { type: 'string' },
    domain: { type: 'string', nullable: true },
    industry: { type: 'string', nullable: true },
    companySize: { type: 'string', nullable: true },
    website: { type: 'string', nullable: true },
    phone: { type: 'string', nullable: true },
    address: { type: 'text', nullable: true },
    description: { type: 'text', nullable: true },
    targetAudience: { type: 'string', nullable: true },
    status: { type: 'string' },
    isInternal: { type: 'boolean' },
    logoFileId: { type: 'string', nullable: true },
  },
});
