/**
 * The Survey Completion Triggers and the webhook signing secret: made when webhook is first chosen,
 * shown whole only in that answer and when rotated, kept encrypted like data-source credentials;
 * otherwise only its hint is shown.
 */
import { DEFAULT_TRIGGER_SETTINGS, type TriggerSettings, type TriggerSettingsView } from '@domain/survey/collection';
import { COLLECTION_INPUT_MESSAGES } from '@domain/survey/collectionSchemas';
import { DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import type { EntityManager } from '@mikro-orm/core';
import type { Config } from '../../config';
import { CompanySurveySettings, type Company } from '../../entities';
import { apiError } from '../../platform/errors';
import { decryptSecret, encryptSecret } from '../../platform/secrets';
import { hostRefusal } from '../../platform/addressGuard';
import { newWebhookSecret, webhookSecretHint } from '../../platform/webhookSignature';

interface TriggerDependencies {
  config: Pick<Config, 'credentialsKey' | 'webhookAllowPrivate'>;
}

/** The company's row, made with the identifier defaults when nothing was saved yet. */
export async function settingsRow(em: EntityManager, companyId: string): Promise<CompanySurveySettings> {
  const row = await em.findOne(CompanySurveySettings, { companyId });
  return row ?? em.create(CompanySurveySettings, { companyId, globalIdentifiers: structuredClone(DEFAULT_GLOBAL_IDENTIFIERS) });
}

function hintOf(config: TriggerDependencies['config'], encrypted: string | null): string | null {
  if (!encrypted) return null;
  try {
    return webhookSecretHint(decryptSecret(encrypted, config.credentialsKey));
  } catch {
    // Encrypted under another CREDENTIALS_KEY: unreadable, so it must be rotated.
    return null;
  }
}

function triggerView(
  config: TriggerDependencies['config'],
  row: Pick<CompanySurveySettings, 'triggerSettings' | 'webhookSecret'> | null,
  shownSecret?: string,
): TriggerSettingsView {
  return {
    triggerSettings: { ...DEFAULT_TRIGGER_SETTINGS, ...row?.triggerSettings },
    webhookSecretHint: shownSecret ? webhookSecretHint(shownSecret) : hintOf(config, row?.webhookSecret ?? null),
    ...(shownSecret ? { webhookSecret: shownSecret } : {}),
  };
}

const invalid = (field: string, message: string) => apiError('validation_failed', { error: message, message, fields: { [field]: message } });

export async function readTriggerSettings(em: EntityManager, { config }: TriggerDependencies, company: Company): Promise<TriggerSettingsView> {
  return triggerView(config, await em.findOne(CompanySurveySettings, { companyId: company.id }));
}

/** Saves the form; choosing webhook the first time makes the signing secret, shown in this answer only. */
export async function saveTriggerSettings(em: EntityManager, { config }: TriggerDependencies, company: Company, input: TriggerSettings): Promise<TriggerSettingsView> {
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
  const row = await settingsRow(em, company.id);
  row.triggerSettings = settings;
  let created: string | undefined;
  if (settings.triggerType === 'webhook' && !row.webhookSecret) {
    created = newWebhookSecret();
    row.webhookSecret = encryptSecret(created, config.credentialsKey);
  }
  await em.flush();
  return triggerView(config, row, created);
}

/** A new secret replaces the old one at once (the next delivery attempt is signed with it). */
export async function rotateWebhookSecret(em: EntityManager, { config }: TriggerDependencies, company: Company): Promise<TriggerSettingsView> {
  const row = await settingsRow(em, company.id);
  const secret = newWebhookSecret();
  row.webhookSecret = encryptSecret(secret, config.credentialsKey);
  await em.flush();
  return triggerView(config, row, secret);
}
