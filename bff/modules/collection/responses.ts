/**
 * A respondent's response: started (intake.ts: answers checked against the stored survey, the survey's
 * identifier rule enforced, the address stored as the company's settings say, completed at once
 * when asked) with a write token returned only then, found again by that token, and continued
 * (further answers merged, completed when asked) in a transaction that locks the response. Both
 * transactions run again when the database was busy (platform/busyDatabase.ts) rather than losing what was sent.
 * The rows are written by their owner, bff/modules/responses.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type { InferType } from 'yup';
import { effectiveIdentifierRule, type IdentifierRule, type StartedResponse } from '@domain/survey/collection';
import { responseStartedAt } from '@domain/survey/responseStart';
import type { responseInputSchema, responseUpdateSchema } from '@domain/survey/collectionSchemas';
import { COLLECTION_LIMITS } from '@domain/survey/collectionSchemas';
import type { Answer } from '@domain/survey/types';
import type { Orm } from '../../types';
import type { DatabaseKind, RowLock } from '../../platform/sql';
import { PublishedSurvey, SurveyResponse } from '../../entities';
import { apiError } from '../../platform/errors';
import type { IdempotencyStore, IdempotentRequest } from '../../platform/idempotency';
import { hashSecret } from '../../platform/secrets';
import { checkAnswers } from './answers';
import { retryWhenBusy } from '../../platform/busyDatabase';
import { completeResponse } from './completion';
import { deviceTypeOf } from './device';
import { storedAddress } from '../../platform/clientAddress';
import { continueResponse } from '../responses';
import { insertStartedResponse } from './intake';
import type { SurveyReader } from './intakeSurvey';
import { INACTIVE_MESSAGES, inactiveReason, isCapped, refuseInactive, requireRunning } from './running';

export const RESPONSE_NOT_FOUND = { error: 'Response not found', message: 'No response has this id.' };

const TOKEN_BYTES = 32;

type ResponseInput = InferType<typeof responseInputSchema>;
type ResponseUpdate = InferType<typeof responseUpdateSchema>;

/** Who is answering, as the request shows it. */
export interface Respondent {
  ip: string;
  userAgent: string | undefined;
}

export interface ResponseDeps {
  /** The ORM whose knex writes a started response (intake.ts). */
  orm: Orm;
  kind: DatabaseKind;
  now: () => Date;
  /** The key a hashed address is keyed with (platform/clientAddress.ts). */
  hashKey: Buffer;
  lockForUpdate: RowLock;
  /** The survey with its company's settings, as a first answer reads it (intakeSurvey.ts). */
  surveys: Pick<SurveyReader, 'read'>;
  /** Where a write sent with an Idempotency-Key stores the key with its answer. */
  keys: Pick<IdempotencyStore, 'row' | 'write'>;
}

/** The status of a started response's answer. */
export const STARTED_STATUS = 201;

const clip = (text: string | undefined, max: number) => (text ? text.slice(0, max) : null);

function tokensMatch(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const invalidAnswers = (problem: string, questionId: string | null) =>
  apiError('validation_failed', { error: problem, message: problem, fields: { [questionId ? `answers.${questionId}` : 'answers']: problem } });

/** The identifier field names a rule accepts ('user_email, email' names two). */
function identifierNames(rule: IdentifierRule): string[] {
  return rule.identifierTypes.flatMap((type) => rule.identifierFields[type].split(',').map((name) => name.trim())).filter(Boolean);
}

/** Refuses the identifiers when the rule needs one and none of its fields is given. */
function requireIdentifier(rule: IdentifierRule, identifiers: Record<string, string>): void {
  if (!rule.requireIdentifier) return;
  const names = identifierNames(rule);
  if (!names.some((name) => identifiers[name]?.trim())) {
    const message = `This survey needs the respondent's identifier: ${names.join(' or ')}.`;
    throw apiError('validation_failed', { error: message, message, fields: { identifiers: message } });
  }
}

/**
 * Starts a response (and completes it at once when asked); the token is returned only here, and
 * kept (sealed) with the request's Idempotency-Key when it has one, for a retry to be given again.
 */
export async function startResponse(
  { orm, now, hashKey, kind, surveys, keys }: ResponseDeps,
  surveyId: string,
  input: ResponseInput,
  respondent: Respondent,
  keyed?: IdempotentRequest,
): Promise<StartedResponse> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const id = randomUUID();
  // A copy of the survey read before a change to its row writes nothing and refuses nothing: both
  // are decided again on the row as it is now (a third refusal would mean the row changes faster
  // than it is read).
  for (let attempt = 0; attempt < 3; attempt++) {
    const survey = await surveys.read(surveyId, { fresh: attempt > 0 });
    const reason = inactiveReason(survey, survey.responseCount, now());
    if (reason && attempt === 0) continue;
    if (reason) throw refuseInactive(reason);
    const checked = checkAnswers(survey.survey.questions, {}, input.answers, input.complete);
    if ('problem' in checked) throw invalidAnswers(checked.problem, checked.questionId);
    const identifiers = (input.identifiers ?? {}) as Record<string, string>;
    requireIdentifier(effectiveIdentifierRule(survey.globalIdentifiers, survey.displayTriggers), identifiers);
    const response = {
      id,
      visitorId: input.visitorId ?? null,
      ipAddress: storedAddress(respondent.ip, survey.settings.collectionSettings.ipAddressMode, hashKey),
      deviceType: deviceTypeOf(input.deviceType, respondent.userAgent),
      userAgent: clip(respondent.userAgent, COLLECTION_LIMITS.userAgent),
      pageUrl: clip(input.pageUrl, COLLECTION_LIMITS.pageUrl),
      identifiers,
      answers: checked.answers,
      writeTokenHash: hashSecret(token),
      // When the widget first showed the survey, bounded to the day before now (domain/survey/collection.ts).
      startedAt: responseStartedAt(input, now()),
    };
    const started: StartedResponse = { id, token, isComplete: input.complete === true };
    const written = await retryWhenBusy(() => {
      const clock = now();
      const keyRow = keyed && keys.row(keyed, { status: STARTED_STATUS, body: started }, clock);
      return insertStartedResponse(orm, kind, survey, response, input.complete === true, clock, keyRow);
    });
    if (written) return started;
  }
  throw refuseInactive(INACTIVE_MESSAGES.stopped);
}

/** The response a PATCH names, checked against its token (403 for any other token). */
export async function responseFor(em: EntityManager, id: string, token: string): Promise<SurveyResponse> {
  const response = await em.findOne(SurveyResponse, { id });
  if (!response) throw apiError('not_found', RESPONSE_NOT_FOUND);
  if (!tokensMatch(token, response.writeTokenHash)) throw apiError('response_token_invalid');
  return response;
}

/** Merges further answers and, when asked, completes the response; the request's Idempotency-Key is stored in the same transaction. */
export async function updateResponse(em: EntityManager, { kind, now, lockForUpdate, keys }: ResponseDeps, found: SurveyResponse, input: ResponseUpdate, keyed?: IdempotentRequest): Promise<StartedResponse> {
  const clock = now();
  // Each attempt reads the response afresh in its own fork: a busy attempt was rolled back whole.
  return retryWhenBusy(() => em.fork().transactional(async (tx) => {
    if (input.complete) {
      // A capped survey's row first, as every completion of it takes them, so two transactions never wait on each other.
      const target = await tx.findOneOrFail(PublishedSurvey, { id: found.surveyId });
      if (isCapped(target)) await tx.findOneOrFail(PublishedSurvey, { id: found.surveyId }, { ...lockForUpdate, refresh: true });
    }
    const response = await tx.findOneOrFail(SurveyResponse, { id: found.id }, { ...lockForUpdate, refresh: true });
    if (response.isComplete) throw apiError('response_complete');
    const survey = await tx.findOneOrFail(PublishedSurvey, { id: response.surveyId });
    // Checked again under the lock when completing; here so a stopped survey answers 409 before any 400.
    requireRunning(survey, now);
    const checked = checkAnswers(survey.survey.questions, response.answers as Record<string, Answer>, input.answers, input.complete);
    if ('problem' in checked) throw invalidAnswers(checked.problem, checked.questionId);
    await continueResponse(tx, kind, survey.survey.questions, response, checked.answers);
    if (input.complete) await completeResponse(tx, lockForUpdate, survey.id, response, clock);
    await tx.flush();
    const updated: StartedResponse = { id: response.id, token: input.token, isComplete: response.isComplete };
    if (keyed) await keys.write(tx.getTransactionContext<Knex.Transaction>()!, keyed, { status: 200, body: updated }, clock);
    return updated;
  }));
}
