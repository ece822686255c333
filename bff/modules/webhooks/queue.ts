/**
 * The completion webhook's body and its place in the durable queue. A delivery is written in the
 * transaction that completes the response: it exists exactly when the completion does.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { DeviceType } from '@domain/survey/collection';
import type { Answer } from '@domain/survey/types';
import { WebhookDelivery } from '../../entities';

export const COMPLETION_EVENT = 'survey.response.completed';

/** What a receiver gets: the Standard Webhooks envelope {type, timestamp, data}. */
export interface CompletionWebhookPayload {
  type: typeof COMPLETION_EVENT;
  timestamp: string;
  data: {
    companyId: string;
    surveyId: string;
    surveyName: string;
    responseId: string;
    answers: Record<string, Answer>;
    identifiers: Record<string, string>;
    deviceType: DeviceType;
    startedAt: string;
    completedAt: string;
    completionTimeSeconds: number;
  };
}

/**
 * The same delivery as a plain insert, for a transaction run on the driver (a survey's first
 * answer, collection/intake.ts): its columns and values, in order.
 */
export function completionDeliveryRow(url: string, payload: CompletionWebhookPayload, now: Date): Record<string, unknown> {
  const { data } = payload;
  return {
    id: randomUUID(),
    company_id: data.companyId,
    survey_id: data.surveyId,
    response_id: data.responseId,
    survey_name: data.surveyName,
    url,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  };
}

export function enqueueCompletionWebhook(em: EntityManager, url: string, payload: CompletionWebhookPayload, now: Date): WebhookDelivery {
  const { data } = payload;
  return em.create(WebhookDelivery, {
    companyId: data.companyId,
    surveyId: data.surveyId,
    responseId: data.responseId,
    surveyName: data.surveyName,
    url,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
  });
}
