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
import { COLLECTION_INPUT_MESSAGES } from '@domain/survey/collectionSchemas';
import { DEFAULT_GLOBAL_IDENTIFIERS, defaultEmbedSettings } from '@domain/survey/defaults';
import { effectiveStatus } from '@domain/survey/lifecycle';
import type { EmbedSettings } from '@domain/survey/types';
import type { Config } from '../../config';
import type { Orm } from '../../types';
import { CompanySurveySettings, PublishedSurvey, WebhookDelivery, type Company } from '../../entities';
import { apiError } from '../../platform/errors';
import { decryptSecret, encryptSecret } from '../../platform/secrets';
import { hostRefusal } from '../../platform/addressGuard';
import { newWebhookSecret, webhookSecretHint } from '../../platform/webhookSignature';
import { completedResponseCounts } from '../surveys';

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
  orm: Orm;
  config: Pick<Config, 'credentialsKey' | 'webhookAllowPrivate' | 'publicUrl'>;
  now: () => Date;
}

export function createCompanyCollectionService({ orm, config, now }: CollectionSettingsDependencies) {
  /** The company's row, made with the identifier defaults when nothing was saved yet. */
  async function settingsRow(companyId: string): Promise<CompanySurveySettings> {
    const row = await orm.em.findOne(CompanySurveySettings, { companyId });
    return row ?? orm.em.create(CompanySurveySettings, { companyId, globalIdentifiers: structuredClone(DEFAULT_GLOBAL_IDENTIFIERS) });
  }

  function hintOf(encrypted: string | null): string | null {
    if (!encrypted) return null;
    try {
      return webhookSecretHint(decryptSecret(encrypted, config.credentialsKey));
    } catch {
      // Encrypted under another CREDENTIALS_KEY: unreadable, so it must be rotated.
      return null;
    }
  }

  function triggerView(row: Pick<CompanySurveySettings, 'triggerSettings' | 'webhookSecret'> | null, shownSecret?: string): TriggerSettingsView {
    return {
      triggerSettings: { ...DEFAULT_TRIGGER_SETTINGS, ...row?.triggerSettings },
      webhookSecretHint: shownSecret ? webhookSecretHint(shownSecret) : hintOf(row?.webhookSecret ?? null),
      ...(shownSecret ? { webhookSecret: shownSecret } : {}),
    };
  }

  const invalid = (field: string, message: string) => apiError('validation_failed', { error: message, message, fields: { [field]: message } });

  return {
    async triggerSettings(company: Company): Promise<TriggerSettingsView> {
      return triggerView(await orm.em.findOne(CompanySurveySettings, { companyId: company.id }));
    },

    /** Saves the form; choosing webhook the first time makes the signing secret, shown in this answer only. */
    async saveTriggerSettings(company: Company, input: TriggerSettings): Promise<TriggerSettingsView> {
      const settings: TriggerSettings = {
        triggerType: input.triggerType,
        callbackName: input.callbackName.trim(),
        redirectUrl: input.redirectUrl.trim(),
        webhookUrl: input.webhookUrl.trim(),
      };
      if (settings.webhookUrl) {
        const refusal = hostRefusal(new URL(settings.webhookUrl).hostname, { allowPrivate: config.webhookAllowPrivate });
        if (refusal) throw invalid('triggerSettings.webhookUrl', COLLECTION_INPUT_MESSAGES.webhookPrivate);
      }
      const row = await settingsRow(company.id);
      row.triggerSettings = settings;
      let created: string | undefined;
      if (settings.triggerType === 'webhook' && !row.webhookSecret) {
        created = newWebhookSecret();
        row.webhookSecret = encryptSecret(created, config.credentialsKey);
      }
      await orm.em.flush();
      return triggerView(row, created);
    },

    /** A new secret replaces the old one at once (the next delivery attempt is signed with it). */
    async rotateWebhookSecret(company: Company): Promise<TriggerSettingsView> {
      const row = await settingsRow(company.id);
      const secret = newWebhookSecret();
      row.webhookSecret = encryptSecret(secret, config.credentialsKey);
      await orm.em.flush();
      return triggerView(row, secret);
    },

    async collectionSettings(company: Company): Promise<CollectionSettings> {
      return (await companyCollectionState(orm.em, company.id)).collectionSettings;
    },

    async saveCollectionSettings(company: Company, input: CollectionSettings): Promise<CollectionSettings> {
      const settings: CollectionSettings = { ipAddressMode: input.ipAddressMode, cooldownDays: input.cooldownDays };
      const row = await settingsRow(company.id);
      row.collectionSettings = settings;
      await orm.em.flush();
      return settings;
    },

    /** The surveys running now (by the server's clock and stored completions), newest first. */
    async activeSurveys(company: Company): Promise<ActiveSurveySummary[]> {
      const surveys = await orm.em.find(PublishedSurvey, { companyId: company.id, status: 'active' }, { orderBy: { publishedAt: 'desc', id: 'asc' } });
      const counts = await completedResponseCounts(orm.em, surveys.map((survey) => survey.id));
      const clock = now();
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
    },

    embedCode(company: Company): EmbedCodeInfo {
      return { companyId: company.id, companyName: company.name, scriptUrl: `${config.publicUrl}/widget/navout.js`, apiBase: config.publicUrl };
    },

    async deliveries(company: Company): Promise<WebhookDeliveryView[]> {
      // Write Back batches share the queue; they are shown with their jobs, not in this log.
      const rows = await orm.em.find(WebhookDelivery, { companyId: company.id, writebackJobId: null }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: DELIVERY_LOG_SIZE });
      return rows.map(presentDelivery);
    },
  };
}

export type CompanyCollectionService = ReturnType<typeof createCompanyCollectionService>;
