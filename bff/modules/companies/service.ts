import type { EntityManager } from '@mikro-orm/core';
import type { CompanyInput, CompanyProfileInput, CompanySsoInput } from '@domain/auth/schemas';
import type { Company as CompanyView, CompanySso } from '@domain/auth/types';
import { Company } from '../../entities';
import { apiError } from '../../platform/errors';
import { companyFor, findInReach } from '../../middleware/tenant';
import type { UserActor } from '../../types';
import { createStoredImage, deleteStoredFile, type CheckedImage } from '../files';
import { presentCompany } from './present';
import { removeCompanyRows } from './removeCompany';
import { companySso, updateCompanySso } from './sso';
import { rowLockFor, type DatabaseKind } from '../../platform/sql';
import { changesOf, record } from '../audit';

type CompanyDetails = Pick<
  CompanyProfileInput,
  'industry' | 'companySize' | 'website' | 'phone' | 'address' | 'description' | 'targetAudience' | 'timeZone' | 'retention'
>;

export const COMPANY_NOT_FOUND = { error: 'Company not found', message: 'No company with this id exists in your reach.' };

const DETAIL_FIELDS = ['industry', 'companySize', 'website', 'phone', 'address', 'description', 'targetAudience', 'timeZone'] as const;

/** Absent keeps the stored value; null or blank clears it. */
function applyDetails(company: Company, details: CompanyDetails): void {
  for (const field of DETAIL_FIELDS) {
    const value = details[field];
    if (value === undefined) continue;
    company[field] = value === null || value.trim() === '' ? null : value;
  }
  if (details.retention) {
    company.retentionEventsDays = details.retention.eventsDays;
    company.retentionCallLogDays = details.retention.callLogDays;
    company.retentionResponsesDays = details.retention.responsesDays;
  }
}

/** A company's fields as its audit entries show them. */
function auditedFields(company: Company): Record<string, unknown> {
  return {
    name: company.name,
    domain: company.domain,
    status: company.status,
    ...Object.fromEntries(DETAIL_FIELDS.map((field) => [field, company[field]])),
    retention: { eventsDays: company.retentionEventsDays, callLogDays: company.retentionCallLogDays, responsesDays: company.retentionResponsesDays },
  };
}

function recordUpdate(em: EntityManager, company: Company, before: Record<string, unknown>): void {
  const changes = changesOf(before, auditedFields(company));
  if (changes) record(em, { action: 'company_updated', companyId: company.id, target: { type: 'company', id: company.id, label: company.name }, changes });
}

export function createCompanyService({ kind }: { kind: DatabaseKind }) {
  const lockForUpdate = rowLockFor(kind);
  return {
    async list(em: EntityManager, actor: UserActor): Promise<CompanyView[]> {
      if (!actor.isGlobalAdmin) return [presentCompany(actor.company)];
      const companies = await em.find(Company, {}, { orderBy: { name: 'asc', id: 'asc' } });
      return companies.map(presentCompany);
    },

    async create(em: EntityManager, input: CompanyInput): Promise<CompanyView> {
      const company = em.create(Company, {
        name: input.name,
        domain: input.domain,
        status: input.status ?? 'active',
      });
      applyDetails(company, input);
      record(em, { action: 'company_created', companyId: company.id, target: { type: 'company', id: company.id, label: company.name }, changes: { after: auditedFields(company) } });
      await em.flush();
      return presentCompany(company);
    },

    async update(em: EntityManager, actor: UserActor, company: Company, input: CompanyInput): Promise<CompanyView> {
      const status = input.status ?? company.status;
      if (status !== company.status) {
        if (!actor.isGlobalAdmin) throw apiError('access_denied', { message: "Only a global admin can change a company's status." });
        if (company.isInternal) throw apiError('internal_company_protected', { error: 'The internal company must stay active' });
      }
      const before = auditedFields(company);
      company.name = input.name;
      company.domain = input.domain;
      company.status = status;
      applyDetails(company, input);
      recordUpdate(em, company, before);
      await em.flush();
      return presentCompany(company);
    },

    /** The company and everything that belongs to it, all or nothing. */
    async remove(em: EntityManager, company: Company): Promise<void> {
      if (company.isInternal) throw apiError('internal_company_protected', { error: 'The internal company cannot be deleted' });
      await em.transactional(async (em) => {
        await removeCompanyRows(em, company.id, lockForUpdate);
        record(em, { action: 'company_deleted', companyId: company.id, target: { type: 'company', id: company.id, label: company.name }, changes: { before: auditedFields(company) } });
      });
    },

    async updateProfile(em: EntityManager, actor: UserActor, input: CompanyProfileInput): Promise<CompanyView> {
      // A global admin naming no company edits their own (the internal company).
      const companyId = await companyFor(em, actor, input.companyId || actor.companyId);
      const company = await findInReach(em, actor, Company, companyId, COMPANY_NOT_FOUND);
      const before = auditedFields(company);
      applyDetails(company, input);
      if (input.name !== undefined) company.name = input.name;
      if (input.domain !== undefined) company.domain = input.domain;
      recordUpdate(em, company, before);
      await em.flush();
      return presentCompany(company);
    },

    async setLogo(em: EntityManager, company: Company, image: CheckedImage): Promise<CompanyView> {
      await em.transactional(async (em) => {
        const previous = company.logoFileId;
        company.logoFileId = createStoredImage(em, company.id, 'company_logo', image).id;
        await em.flush();
        await deleteStoredFile(em, previous);
      });
      return presentCompany(company);
    },

    async removeLogo(em: EntityManager, company: Company): Promise<CompanyView> {
      await em.transactional(async (em) => {
        const previous = company.logoFileId;
        company.logoFileId = null;
        await em.flush();
        await deleteStoredFile(em, previous);
      });
      return presentCompany(company);
    },

    sso: (em: EntityManager, company: Company): Promise<CompanySso> => companySso(em, company),
    updateSso: (em: EntityManager, company: Company, input: CompanySsoInput): Promise<CompanySso> => updateCompanySso(em, company, input),
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
