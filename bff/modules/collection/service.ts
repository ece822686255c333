/**
 * The widget's public API (no session): a company's public survey bundle, displays, and
 * responses started and continued with a write token. The server is the authority on what is
 * stored: answers are checked against the stored survey, the survey must be running by the
 * server's clock, and a 'responses' end condition admits exactly its number of completions,
 * however many arrive at once (the completion counts under a lock on the survey's row).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { LockMode, raw, type EntityManager } from '@mikro-orm/core';
import type { InferType } from 'yup';
import {
  effectiveIdentifierRule,
  type IdentifierRule,
  type PublicSurveyBundle,
  type StartedResponse,
} from '@domain/survey/collection';
import type { audienceMembershipInputSchema, displayInputSchema, responseInputSchema, responseUpdateSchema } from '@domain/survey/collectionSchemas';
import { COLLECTION_LIMITS } from '@domain/survey/collectionSchemas';
import { DEFAULT_IDENTIFIER_FIELDS, displayTriggersOf } from '@domain/survey/defaults';
import { hasEnded } from '@domain/survey/lifecycle';
import type { Answer, AudienceMembership } from '@domain/survey/types';
import type { Config } from '../../config';
import type { Orm } from '../../types';
import { Company, PublishedSurvey, SurveyDisplay, SurveyResponse } from '../../entities';
import { apiError } from '../../platform/errors';
import { hashSecret } from '../../platform/secrets';
import { createAudienceMembership } from '../audience';
import { globalIdentifiersOf } from '../surveys';
import { enqueueCompletionWebhook, COMPLETION_EVENT } from '../webhooks';
import { checkAnswers } from './answers';
import { deviceTypeOf } from './device';
import { addressHashKey, storedAddress } from '../../platform/clientAddress';
import { companyCollectionState } from './settings';

export const PUBLIC_COMPANY_NOT_FOUND = {
  error: 'Company not found',
  message: 'No active company has this id. Check data-company-id in the embed code.',
};
export const PUBLIC_SURVEY_NOT_FOUND = { error: 'Survey not found', message: 'No published survey has this id.' };
export const RESPONSE_NOT_FOUND = { error: 'Response not found', message: 'No response has this id.' };
export const NO_AUDIENCE_TARGETING = { error: 'Audience targeting not found', message: 'This survey is not limited to an audience: there is nothing to ask.' };

const INACTIVE_MESSAGES = {
  stopped: 'This survey is not accepting responses.',
  ended: 'This survey has ended and is not accepting responses.',
  full: 'This survey has received all the responses it accepts.',
} as const;

const TOKEN_BYTES = 32;

type DisplayInput = InferType<typeof displayInputSchema>;
type ResponseInput = InferType<typeof responseInputSchema>;
type ResponseUpdate = InferType<typeof responseUpdateSchema>;
type MembershipInput = InferType<typeof audienceMembershipInputSchema>;

/** Who is answering, as the request shows it. */
export interface Respondent {
  ip: string;
  userAgent: string | undefined;
}

export interface CollectionServiceDependencies {
  orm: Orm;
  config: Pick<Config, 'credentialsKey' | 'database'>;
  now: () => Date;
}

const clip = (text: string | undefined, max: number) => (text ? text.slice(0, max) : null);

function tokensMatch(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Why a survey does not take responses now (null when it does), by its stored completions. */
function inactiveReason(survey: PublishedSurvey, completed: number, now: Date): string | null {
  if (survey.status !== 'active') return INACTIVE_MESSAGES.stopped;
  const state = { status: survey.status, endCondition: survey.endCondition, startedAt: survey.startedAt?.toISOString() ?? null, responseCount: completed };
  if (!hasEnded(state, now)) return null;
  return survey.endCondition?.type === 'responses' ? INACTIVE_MESSAGES.full : INACTIVE_MESSAGES.ended;
}

const refuseInactive = (message: string) => apiError('survey_inactive', { message });

const invalidAnswers = (problem: string, questionId: string | null) =>
  apiError('validation_failed', { error: problem, message: problem, fields: { [questionId ? `answers.${questionId}` : 'answers']: problem } });

/** The identifier field names a rule accepts ('user_email, email' names two). */
function identifierNames(rule: IdentifierRule): string[] {
  return rule.identifierTypes.flatMap((type) => rule.identifierFields[type].split(',').map((name) => name.trim())).filter(Boolean);
}

export function createCollectionService({ orm, config, now }: CollectionServiceDependencies) {
  const hashKey = addressHashKey(config.credentialsKey);
  // SQLite runs one write transaction at a time, which serialises completions by itself.
  const lockForUpdate = config.database.kind === 'postgresql' ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {};
  const membership = createAudienceMembership(orm, config.database.kind, now);

  async function surveyById(em: EntityManager, id: string): Promise<PublishedSurvey> {
    const survey = await em.findOne(PublishedSurvey, { id });
    if (!survey) throw apiError('not_found', PUBLIC_SURVEY_NOT_FOUND);
    return survey;
  }

  /** Only a 'responses' end condition needs completions counted one after another. */
  const isCapped = (survey: PublishedSurvey) => survey.endCondition?.type === 'responses';

  // survey.responseCount is the stored completions: every completion increments it in its own transaction.
  function requireRunning(survey: PublishedSurvey): void {
    const reason = inactiveReason(survey, survey.responseCount, now());
    if (reason) throw refuseInactive(reason);
  }

  /**
   * Completes `response` inside the caller's transaction. For a survey with a 'responses' end
   * condition the survey row is locked first, so concurrent completions count one after another
   * and the N+1th is refused; other surveys' completions run side by side. Queues the completion
   * webhook in the same transaction.
   */
  async function complete(em: EntityManager, surveyId: string, response: SurveyResponse, clock: Date): Promise<void> {
    let survey = await em.findOneOrFail(PublishedSurvey, { id: surveyId }, { refresh: true });
    if (isCapped(survey)) survey = await em.findOneOrFail(PublishedSurvey, { id: surveyId }, { ...lockForUpdate, refresh: true });
    const reason = inactiveReason(survey, survey.responseCount, clock);
    if (reason) throw refuseInactive(reason);
    response.isComplete = true;
    response.completedAt = clock;
    response.completionTimeSeconds = Math.max(0, Math.floor((clock.getTime() - response.startedAt.getTime()) / 1000));
    // Written directly: counting a completion is not an edit of the survey (its updatedAt, and so
    // the public bundle's ETag, stay as they were).
    await em.nativeUpdate(PublishedSurvey, { id: survey.id }, { responseCount: raw('response_count + 1') });

    const { triggerSettings, webhookSecret } = await companyCollectionState(em, survey.companyId);
    if (triggerSettings.triggerType === 'webhook' && triggerSettings.webhookUrl && webhookSecret) {
      enqueueCompletionWebhook(
        em,
        triggerSettings.webhookUrl,
        {
          type: COMPLETION_EVENT,
          timestamp: clock.toISOString(),
          data: {
            companyId: survey.companyId,
            surveyId: survey.id,
            surveyName: survey.name,
            responseId: response.id,
            answers: response.answers,
            identifiers: response.identifiers,
            deviceType: response.deviceType,
            startedAt: response.startedAt.toISOString(),
            completedAt: clock.toISOString(),
            completionTimeSeconds: response.completionTimeSeconds,
          },
        },
        clock,
      );
    }
  }

  return {
    /** What the loader needs: running surveys with their styling, targeting and identifier rule. */
    async bundle(companyId: string): Promise<PublicSurveyBundle> {
      const em = orm.em;
      const company = await em.findOne(Company, { id: companyId }, { fields: ['id', 'status'] });
      if (!company || company.status !== 'active') throw apiError('not_found', PUBLIC_COMPANY_NOT_FOUND);
      const candidates = await em.find(PublishedSurvey, { companyId, status: 'active' }, { orderBy: { publishedAt: 'desc', id: 'asc' } });
      const clock = now();
      const running = candidates.filter((survey) => inactiveReason(survey, survey.responseCount, clock) === null);
      const global = await globalIdentifiersOf(em, companyId);
      const { triggerSettings, collectionSettings } = await companyCollectionState(em, companyId);
      return {
        companyId,
        surveys: running.map((survey) => ({
          id: survey.id,
          name: survey.name,
          updatedAt: survey.updatedAt.toISOString(),
          survey: survey.survey,
          embedSettings: survey.embedSettings,
          displayTriggers: displayTriggersOf(survey.displayTriggers),
          identifierRule: effectiveIdentifierRule(global, survey.displayTriggers),
        })),
        // Never the webhook address or its secret: those stay on the server.
        trigger: { triggerType: triggerSettings.triggerType, callbackName: triggerSettings.callbackName, redirectUrl: triggerSettings.redirectUrl },
        cooldownDays: collectionSettings.cooldownDays,
      };
    },

    /**
     * Whether the identified visitor is in the survey's target audience: yes or no, nothing else.
     * A survey of another company than the embed code's is as unknown as one that does not exist.
     */
    async audienceMembership(surveyId: string, input: MembershipInput): Promise<AudienceMembership> {
      const em = orm.em;
      const survey = await surveyById(em, surveyId);
      if (input.companyId && input.companyId.toLowerCase() !== survey.companyId.toLowerCase()) throw apiError('not_found', PUBLIC_SURVEY_NOT_FOUND);
      requireRunning(survey);
      const targeting = displayTriggersOf(survey.displayTriggers).audienceTargeting;
      if (!targeting.enabled) throw apiError('not_found', NO_AUDIENCE_TARGETING);
      const { identifierFields } = await globalIdentifiersOf(em, survey.companyId);
      const member = await membership.isMember({
        companyId: survey.companyId,
        targeting,
        identifiers: (input.identifiers ?? {}) as Record<string, string>,
        fields: { email: identifierFields.email || DEFAULT_IDENTIFIER_FIELDS.email, uuid: identifierFields.uuid || DEFAULT_IDENTIFIER_FIELDS.uuid },
      });
      return { member };
    },

    async recordDisplay(surveyId: string, input: DisplayInput): Promise<void> {
      const em = orm.em;
      const survey = await surveyById(em, surveyId);
      requireRunning(survey);
      em.create(SurveyDisplay, { companyId: survey.companyId, surveyId: survey.id, visitorId: input.visitorId, outcome: input.outcome });
      await em.flush();
    },

    /** Starts a response (and completes it at once when asked); the token is returned only here. */
    async startResponse(surveyId: string, input: ResponseInput, respondent: Respondent): Promise<StartedResponse> {
      const em = orm.em;
      const survey = await surveyById(em, surveyId);
      requireRunning(survey);
      const checked = checkAnswers(survey.survey.questions, {}, input.answers, input.complete);
      if ('problem' in checked) throw invalidAnswers(checked.problem, checked.questionId);
      const identifiers = (input.identifiers ?? {}) as Record<string, string>;
      const rule = effectiveIdentifierRule(await globalIdentifiersOf(em, survey.companyId), survey.displayTriggers);
      if (rule.requireIdentifier) {
        const names = identifierNames(rule);
        if (!names.some((name) => identifiers[name]?.trim())) {
          const message = `This survey needs the respondent's identifier: ${names.join(' or ')}.`;
          throw apiError('validation_failed', { error: message, message, fields: { identifiers: message } });
        }
      }
      const { collectionSettings } = await companyCollectionState(em, survey.companyId);
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const clock = now();

      return em.fork().transactional(async (tx) => {
        const response = tx.create(SurveyResponse, {
          companyId: survey.companyId,
          surveyId: survey.id,
          visitorId: input.visitorId ?? null,
          ipAddress: storedAddress(respondent.ip, collectionSettings.ipAddressMode, hashKey),
          deviceType: deviceTypeOf(input.deviceType, respondent.userAgent),
          userAgent: clip(respondent.userAgent, COLLECTION_LIMITS.userAgent),
          pageUrl: clip(input.pageUrl, COLLECTION_LIMITS.pageUrl),
          identifiers,
          answers: checked.answers,
          startedAt: clock,
          isComplete: false,
          writeTokenHash: hashSecret(token),
        });
        if (input.complete) await complete(tx, survey.id, response, clock);
        await tx.flush();
        return { id: response.id, token, isComplete: response.isComplete };
      });
    },

    /** The response a PATCH names, checked against its token (403 for any other token). */
    async responseFor(id: string, token: string): Promise<SurveyResponse> {
      const response = await orm.em.findOne(SurveyResponse, { id });
      if (!response) throw apiError('not_found', RESPONSE_NOT_FOUND);
      if (!tokensMatch(token, response.writeTokenHash)) throw apiError('response_token_invalid');
      return response;
    },

    /** Merges further answers and, when asked, completes the response. */
    async updateResponse(found: SurveyResponse, input: ResponseUpdate): Promise<StartedResponse> {
      const clock = now();
      return orm.em.fork().transactional(async (tx) => {
        if (input.complete) {
          // A capped survey's row first, as every completion of it takes them, so two transactions never wait on each other.
          const target = await tx.findOneOrFail(PublishedSurvey, { id: found.surveyId });
          if (isCapped(target)) await tx.findOneOrFail(PublishedSurvey, { id: found.surveyId }, { ...lockForUpdate, refresh: true });
        }
        const response = await tx.findOneOrFail(SurveyResponse, { id: found.id }, { ...lockForUpdate, refresh: true });
        if (response.isComplete) throw apiError('response_complete');
        const survey = await tx.findOneOrFail(PublishedSurvey, { id: response.surveyId });
        // Checked again under the lock when completing; here so a stopped survey answers 409 before any 400.
        requireRunning(survey);
        const checked = checkAnswers(survey.survey.questions, response.answers as Record<string, Answer>, input.answers, input.complete);
        if ('problem' in checked) throw invalidAnswers(checked.problem, checked.questionId);
        response.answers = checked.answers;
        if (input.complete) await complete(tx, survey.id, response, clock);
        await tx.flush();
        return { id: response.id, token: input.token, isComplete: response.isComplete };
      });
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
