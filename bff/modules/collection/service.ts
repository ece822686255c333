/**
 * The widget's public API (no session): a company's public survey bundle, displays, and
 * responses started and continued with a write token. The server is the authority on what is
 * stored: answers are checked against the stored survey, the survey must be running by the
 * server's clock, and a 'responses' end condition admits exactly its number of completions,
 * however many arrive at once (the completion counts under a lock on the survey's row).
 *
 * The work lives in bundle.ts (served through bundleCache.ts), displays.ts, responses.ts and completion.ts, over running.ts; this
 * file binds it to the service's ORM, clock, address key and row lock. The routes hand their
 * request's EntityManager to the operations that read or write through one; the bundles, kept for
 * every later request, are built in forks of their own.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { InferType } from 'yup';
import type { StartedResponse } from '@domain/survey/collection';
import type { audienceMembershipInputSchema, displayInputSchema, responseInputSchema, responseUpdateSchema } from '@domain/survey/collectionSchemas';
import type { AudienceMembership } from '@domain/survey/types';
import type { Config } from '../../config';
import type { Orm } from '../../types';
import type { SurveyResponse } from '../../entities';
import { createAudienceMembership } from '../audience';
import { addressHashKey } from '../../platform/clientAddress';
import { publicBundle } from './bundle';
import { createBundleCache, forgetChangedBundles, type ServedBundle } from './bundleCache';
import { createIdempotencyStore, type Answer, type IdempotentRequest } from '../../platform/idempotency';
import { knexOf, rowLockFor } from '../../platform/sql';
import { createSurveyReader } from './intakeSurvey';
import { audienceMembership, recordDisplay, type MembershipDeps } from './displays';
import { responseFor, startResponse, STARTED_STATUS, updateResponse, type Respondent, type ResponseDeps } from './responses';

export { PUBLIC_COMPANY_NOT_FOUND } from './bundle';
export { NO_AUDIENCE_TARGETING } from './displays';
export { RESPONSE_NOT_FOUND, type Respondent } from './responses';
export { PUBLIC_SURVEY_NOT_FOUND } from './running';

type DisplayInput = InferType<typeof displayInputSchema>;
type ResponseInput = InferType<typeof responseInputSchema>;
type ResponseUpdate = InferType<typeof responseUpdateSchema>;
type MembershipInput = InferType<typeof audienceMembershipInputSchema>;

export interface CollectionServiceDependencies {
  orm: Orm;
  /** A new EntityManager, never a request's (the runtime's fork): the bundles are built in one. */
  fork: () => EntityManager;
  config: Pick<Config, 'credentialsKey' | 'database' | 'publicBundleRecheckMs'>;
  now: () => Date;
}

export function createCollectionService({ orm, fork, config, now }: CollectionServiceDependencies) {
  const surveys = createSurveyReader(orm, { recheckMs: config.publicBundleRecheckMs });
  // A started response's answer holds its write token: kept sealed.
  const keys = createIdempotencyStore({ knex: () => knexOf(orm), kind: config.database.kind, now, sealKey: config.credentialsKey });
  const deps: ResponseDeps & MembershipDeps = {
    orm,
    kind: config.database.kind,
    surveys,
    keys,
    now,
    hashKey: addressHashKey(config.credentialsKey),
    lockForUpdate: rowLockFor(config.database.kind),
    membership: createAudienceMembership(orm, config.database.kind, now),
  };
  const bundles = createBundleCache({ fork, now, build: (companyId) => publicBundle(fork(), now, companyId), recheckMs: config.publicBundleRecheckMs });
  // Every EntityManager forked from the ORM's shares its event manager: a flush in any request's is seen here.
  fork().getEventManager().registerSubscriber(
    forgetChangedBundles({
      forget(companyId) {
        bundles.forget(companyId);
        surveys.forget(companyId);
      },
    }),
  );
  return {
    bundle: (companyId: string): Promise<ServedBundle> => bundles.get(companyId),
    audienceMembership: (em: EntityManager, surveyId: string, input: MembershipInput): Promise<AudienceMembership> => audienceMembership(em, deps, surveyId, input),
    recordDisplay: (em: EntityManager, surveyId: string, input: DisplayInput): Promise<void> => recordDisplay(em, now, surveyId, input),
    /** Starts a response; a request sent with an Idempotency-Key (`keyed`) is answered once, and again from its key. */
    startResponse: (surveyId: string, input: ResponseInput, respondent: Respondent, keyed?: IdempotentRequest): Promise<Answer<StartedResponse>> =>
      keys.run(keyed, async () => ({ status: STARTED_STATUS, body: await startResponse(deps, surveyId, input, respondent, keyed) })),
    responseFor: (em: EntityManager, id: string, token: string): Promise<SurveyResponse> => responseFor(em, id, token),
    updateResponse: (em: EntityManager, found: SurveyResponse, input: ResponseUpdate, keyed?: IdempotentRequest): Promise<Answer<StartedResponse>> =>
      keys.run(keyed, async () => ({ status: 200, body: await updateResponse(em, deps, found, input, keyed) })),
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
