import type { CompanyInput, CompanyProfileInput } from '@domain/auth/schemas';
import type { Company as CompanyView } from '@domain/auth/types';
import type { CompanyStatus } from '@domain/company/options';
import type { Orm } from '../../db';
import { Company, Invitation, StoredFile, User } from '../../entities';
import { badRequest, forbidden } from '../../middleware/errors';
import { findCompanyInReach } from '../../middleware/tenant';
import type { Actor } from '../../types';
import { createStoredImage, deleteStoredFile, type CheckedImage } from '../files/service';
import { presentCompany } from './present';

type CompanyDetails = Pick<
  CompanyProfileInput,
  'industry' | 'companySize' | 'website' | 'phone' | 'address' | 'description' | 'targetAudience'
>;

const DETAIL_FIELDS = ['industry', 'companySize', 'website', 'phone', 'address', 'description', 'targetAudience'] as const;

/** Absent keeps the stored value; null or blank clears it. */
function applyDetails(company: Company, details: CompanyDetails): void {
  for (const field of DETAIL_FIELDS) {
    const value = details[field];
    if (value === undefined) continue;
    company[field] = value === null || value.trim() === '' ? null : value;
  }
}

export function createCompanyService({ orm }: { orm: Orm }) {
  return {
    async list(actor: Actor): Promise<CompanyView[]> {
      if (!actor.isGlobalAdmin) return [presentCompany(actor.company)];
      const companies = await orm.em.find(Company, {}, { orderBy: { name: 'asc', id: 'asc' } });
      return companies.map(presentCompany);
    },

    async create(input: CompanyInput): Promise<CompanyView> {
      const company = orm.em.create(Company, {
        name: input.name,
        domain: input.domain,
        status: (input.status ?? 'active') as CompanyStatus,
      });
      applyDetails(company, input);
      await orm.em.flush();
      return presentCompany(company);
    },

    async update(actor: Actor, company: Company, input: CompanyInput): Promise<CompanyView> {
      const status = (input.status ?? company.status) as CompanyStatus;
      if (status !== company.status) {
        if (!actor.isGlobalAdmin) throw forbidden('Access denied', "Only a global admin can change a company's status.");
        if (company.isInternal) throw badRequest('The internal company must stay active');
      }
      company.name = input.name;
      company.domain = input.domain;
      company.status = status;
      applyDetails(company, input);
      await orm.em.flush();
      return presentCompany(company);
    },

    /** The company and everything that belongs to it, all or nothing. */
    async remove(company: Company): Promise<void> {
      if (company.isInternal) throw badRequest('The internal company cannot be deleted');
      await orm.em.transactional(async (em) => {
        const members = await em.find(User, { companyId: company.id }, { fields: ['id'] });
        const memberIds = members.map((member) => member.id);
        if (memberIds.length) await em.nativeDelete(Invitation, { userId: { $in: memberIds } });
        await em.nativeDelete(User, { companyId: company.id });
        await em.nativeDelete(StoredFile, { companyId: company.id });
        await em.nativeDelete(Company, { id: company.id });
      });
    },

    async updateProfile(actor: Actor, input: CompanyProfileInput): Promise<CompanyView> {
      const requested = input.companyId || null;
      let company = actor.company;
      if (requested && requested !== actor.companyId) {
        if (!actor.isGlobalAdmin) throw forbidden('Access denied', "You can only edit your own company's profile.");
        company = await findCompanyInReach(orm, actor, requested);
      }
      applyDetails(company, input);
      if (input.name !== undefined) company.name = input.name;
      if (input.domain !== undefined) company.domain = input.domain;
      await orm.em.flush();
      return presentCompany(company);
    },

    async setLogo(company: Company, image: CheckedImage): Promise<CompanyView> {
      await orm.em.transactional(async (em) => {
        const previous = company.logoFileId;
        company.logoFileId = createStoredImage(em, company.id, 'company_logo', image).id;
        await em.flush();
        await deleteStoredFile(em, previous);
      });
      return presentCompany(company);
    },

    async removeLogo(company: Company): Promise<CompanyView> {
      await orm.em.transactional(async (em) => {
        const previous = company.logoFileId;
        company.logoFileId = null;
        await em.flush();
        await deleteStoredFile(em, previous);
      });
      return presentCompany(company);
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
