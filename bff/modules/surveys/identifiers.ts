/**
 * A company's global identifier requirements (who a respondent must be identified as) and the log
 * of surveys overriding them. The company's rules are enforced here, whatever the styling editor
 * allowed: an override must be allowed, carry a reason when one is required, and use only the
 * allowed identifier types.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { InferType } from 'yup';
import { DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import { IDENTIFIER_MESSAGES } from '@domain/survey/messages';
import type { globalIdentifiersSchema, overrideLogBodySchema } from '@domain/survey/schemas';
import type { GlobalIdentifierSettings, IdentifierType } from '@domain/survey/types';
import { Company, CompanySurveySettings, OverrideLog, type PublishedSurvey } from '../../entities';
import { apiError, type HttpError } from '../../platform/errors';
import type { UserActor } from '../../types';
import { presentOverrideLog, type OverrideLogAnswer } from './present';

/** The company's settings, or the defaults when they were never saved. */
export async function globalIdentifiersOf(em: EntityManager, companyId: string): Promise<GlobalIdentifierSettings> {
  const row = await em.findOne(CompanySurveySettings, { companyId });
  return row?.globalIdentifiers ?? structuredClone(DEFAULT_GLOBAL_IDENTIFIERS);
}

const invalid = (field: string, message: string) => apiError('validation_failed', { error: message, message, fields: { [field]: message } });

/**
 * Why a survey may not override the company's requirements this way, or null. `paths` names the
 * fields of the request the reason and the types came in.
 */
export function overrideRefusal(
  global: GlobalIdentifierSettings,
  override: { overrideReason: string; identifierTypes: readonly IdentifierType[] },
  paths: { reason: string; types: string },
): HttpError | null {
  if (!global.allowSurveyOverride) return apiError('override_not_allowed', { error: IDENTIFIER_MESSAGES.overrideNotAllowed });
  if (global.requireOverrideReason && override.overrideReason.trim() === '') {
    return invalid(paths.reason, IDENTIFIER_MESSAGES.reasonRequired);
  }
  if (override.identifierTypes.some((type) => !global.allowedOverrideTypes.includes(type))) {
    return invalid(paths.types, IDENTIFIER_MESSAGES.typeNotAllowed);
  }
  return null;
}

type GlobalIdentifiersInput = InferType<typeof globalIdentifiersSchema>;
type OverrideLogInput = InferType<typeof overrideLogBodySchema>;

export function createIdentifierService() {
  return {
    read: (em: EntityManager, company: Company): Promise<GlobalIdentifierSettings> => globalIdentifiersOf(em, company.id),

    async save(em: EntityManager, company: Company, input: GlobalIdentifiersInput): Promise<GlobalIdentifierSettings> {
      const globalIdentifiers = input as GlobalIdentifierSettings;
      const row = await em.findOne(CompanySurveySettings, { companyId: company.id });
      if (row) row.globalIdentifiers = globalIdentifiers;
      else em.create(CompanySurveySettings, { companyId: company.id, globalIdentifiers });
      await em.flush();
      return globalIdentifiers;
    },

    /** Records an override of `survey`; who, when, the names and the overridden settings are the server's. */
    async log(em: EntityManager, actor: UserActor, survey: PublishedSurvey, input: OverrideLogInput): Promise<OverrideLogAnswer> {
      const globalSettings = await globalIdentifiersOf(em, survey.companyId);
      const refusal = overrideRefusal(
        globalSettings,
        { overrideReason: input.overrideReason, identifierTypes: input.customSettings.identifierTypes },
        { reason: 'overrideReason', types: 'customSettings.identifierTypes' },
      );
      if (refusal) throw refusal;
      const log = em.create(OverrideLog, {
        companyId: survey.companyId,
        surveyId: survey.id,
        surveyName: survey.name,
        userId: actor.id,
        userName: actor.user.name,
        globalSettings,
        customSettings: input.customSettings as OverrideLogAnswer['customSettings'],
        overrideReason: input.overrideReason.trim(),
      });
      await em.flush();
      const company = await em.findOne(Company, { id: survey.companyId }, { fields: ['name'] });
      return presentOverrideLog(log, company?.name ?? null);
    },

    /** Newest first; `companyId` undefined lists every company's (a global admin's "all"). */
    async list(em: EntityManager, companyId: string | undefined): Promise<OverrideLogAnswer[]> {
      const logs = await em.find(OverrideLog, companyId ? { companyId } : {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
      const companies = await em.find(Company, { id: { $in: [...new Set(logs.map((log) => log.companyId))] } }, { fields: ['name'] });
      const names = new Map(companies.map((company) => [company.id, company.name]));
      return logs.map((log) => presentOverrideLog(log, names.get(log.companyId) ?? null));
    },
  };
}

export type IdentifierService = ReturnType<typeof createIdentifierService>;
