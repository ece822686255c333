import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { WebhookDeliveryStatus } from '@domain/survey/collection';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';
import { PublishedSurvey } from './PublishedSurvey';
import { SurveyResponse } from './SurveyResponse';

/**
 * One completion webhook: queued in the transaction that completed the response (so it survives a
 * restart), then sent and retried by the webhook worker (bff/modules/webhooks). `payload` is the
 * exact body, signed again on every attempt; the row id is the Standard Webhooks message id.
 * A Write Back batch is a row of the same queue, queued with its job (writebackJobId below).
 */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: record({
    // The composite index below starts with company_id and serves the foreign key too.
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    // The log outlives the survey and the response, without the links.
    surveyId: p.manyToOne(PublishedSurvey).mapToPk().nullable().fieldName('survey_id').index().updateRule('no action').deleteRule('set null'),
    responseId: p.manyToOne(SurveyResponse).mapToPk().nullable().fieldName('response_id').index().updateRule('no action').deleteRule('set null'),
    surveyName: p.string(),
    url: p.text(),
    payload: p.text(),
    status: p.string().$type<WebhookDeliveryStatus>().length(10),
    attempts: p.integer(),
    lastStatusCode: nullable(p.integer()),
    lastError: nullable(p.text()),
    /** When the worker may send it next; null once delivered or failed. */
    nextAttemptAt: nullable(p.datetime()),
    /** A worker's claim: no other worker (or replica) sends it before this time. */
    lockedUntil: nullable(p.datetime()),
    deliveredAt: nullable(p.datetime()),
    /**
     * Set on a Write Back batch (bff/modules/writeback): its job, and the destination whose
     * address and secret each attempt uses. Null on completion webhooks.
     */
    writebackJobId: nullable(p.string().length(36)),
    destinationId: nullable(p.string().length(36)),
  }),
  indexes: [
    { properties: ['companyId', 'createdAt'] },
    { properties: ['status', 'nextAttemptAt'] },
    { properties: ['writebackJobId'] },
    { properties: ['destinationId'] },
  ],
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;
