/**
 * A company's collection settings on the embed screen: the Survey Completion Triggers (with the
 * webhook signing secret, made when webhook is first chosen, shown whole only in that answer
 * and when rotated, kept encrypted like data-source credentials), how respondents' addresses
 * are kept, the active surveys, the embed code's addresses and the webhook delivery log.
 */
import type { EntityManager } from '@mikro-orm/core';
import {
  DEFAULT_COLLECTION_SETTINGS,
  DEFAULT_TRIGGER_SETTINGS,
  type ActiveSurveySummary,
  type CollectionSettings,
  type EmbedCodeInfo,
  type TriggerSettings,
  type TriggerSettingsView,
  type WebhookDelivery as WebhookDeliveryView,
} from '@domain/survey/collection';
import { defaultEmbedSettings } from '@domain/survey/defaults';
import { effectiveStatus } from '@domain/survey/lifecycle';
import type { EmbedSettings } from '@domain/survey/types';
import type { Config } from '../../config';
import { CompanySurveySettings, PublishedSurvey, WebhookDelivery, type Company } from '../../entities';
import { completedResponseCounts } from '../responses';
import { readTriggerSettings, rotateWebhookSecret, saveTriggerSettings, settingsRow } from './triggerSettings';

export const DELIVERY_LOG_SIZE = 50;

export interface CompanyCollectionState {
  triggerSettings: TriggerSettings;
  collectionSettings: CollectionSettings;
  /** Encrypted; null before webhook was first chosen. */
  webhookSecret: string | null;
}

export async function companyCollectionState(em: EntityManager, companyId: string): Promise<CompanyCollectionState> {
  return collectionStateOf(await em.findOne(CompanySurveySettings, { companyId }));
}

/** The stored settings (or none yet) with their defaults. */
export function collectionStateOf(row: Pick<CompanySurveySettings, 'triggerSettings' | 'collectionSettings' | 'webhookSecret'> | null): CompanyCollectionState {
  return {
    triggerSettings: { ...DEFAULT_TRIGGER_SETTINGS, ...row?.triggerSettings },
    collectionSettings: { ...DEFAULT_COLLECTION_SETTINGS, ...row?.collectionSettings },
    webhookSecret: row?.webhookSecret ?? null,
  };
}

/** Order-independent comparison of two JSON values. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** A survey's styling differs from the product's defaults. */
export const hasCustomStyling = (settings: EmbedSettings) => !sameJson(settings, defaultEmbedSettings());

export function presentDelivery(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    surveyId: delivery.surveyId ?? null,
    surveyName: delivery.surveyName,
    responseId: delivery.responseId ?? null,
    url: delivery.url,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}

export interface CollectionSettingsDependencies {
  config: Pick<Config, 'credentialsKey' | 'webhookAllowPrivate' | 'publicUrl'>;
  now: () => Date;
}

export function createCompanyCollectionService(dependencies: CollectionSettingsDependencies) {
  const { config, now } = dependencies;
  return {
    triggerSettings: (em: EntityManager, company: Company): Promise<TriggerSettingsView> => readTriggerSettings(em, dependencies, company),
    saveTriggerSettings: (em: EntityManager, company: Company, input: TriggerSettings): Promise<TriggerSettingsView> => saveTriggerSettings(em, dependencies, company, input),
    rotateWebhookSecret: (em: EntityManager, company: Company): Promise<TriggerSettingsView> => rotateWebhookSecret(em, dependencies, company),

    async collectionSettings(em: EntityManager, company: Company): Promise<CollectionSettings> {
      return (await companyCollectionState(em, company.id)).collectionSettings;
    },

    async saveCollectionSettings(em: EntityManager, company: Company, input: CollectionSettings): Promise<CollectionSettings> {
      const settings: CollectionSettings = { ipAddressMode: input.ipAddressMode, cooldownDays: input.cooldownDays };
      const row = await settingsRow(em, company.id);
      row.collectionSettings = settings;
      await em.flush();
      return settings;
    },

    activeSurveys: (em: EntityManager, company: Company): Promise<ActiveSurveySummary[]> => activeSurveys(em, now(), company),

    embedCode(company: Company): EmbedCodeInfo {
      return { companyId: company.id, companyName: company.name, scriptUrl: `${config.publicUrl}/widget/navout.js`, apiBase: config.publicUrl };
    },

    async deliveries(em: EntityManager, company: Company): Promise<WebhookDeliveryView[]> {
      // Write Back batches share the queue; they are shown with their jobs, not in this log.
      const rows = await em.find(WebhookDelivery, { companyId: company.id, writebackJobId: null }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: DELIVERY_LOG_SIZE });
      return rows.map(presentDelivery);
    },
  };
}

/** The surveys running now (by the server's clock and stored completions), newest first. */
async function activeSurveys(em: EntityManager, clock: Date, company: Company): Promise<ActiveSurveySummary[]> {
  const surveys = await em.find(PublishedSurvey, { companyId: company.id, status: 'active' }, { orderBy: { publishedAt: 'desc', id: 'asc' } });
  const counts = await completedResponseCounts(em, surveys.map((survey) => survey.id));
  return surveys
    .filter(
      (survey) =>
        effectiveStatus(
          { status: survey.status, endCondition: survey.endCondition, startedAt: survey.startedAt?.toISOString() ?? null, responseCount: counts.get(survey.id) ?? 0 },
          clock,
        ) === 'active',
    )
    .map((survey) => ({
      id: survey.id,
      name: survey.name,
      survey: survey.survey,
      questionCount: survey.survey.questions.length,
      customStyling: hasCustomStyling(survey.embedSettings),
    }));
}

export type CompanyCollectionService = ReturnType<typeof createCompanyCollectionService>;
