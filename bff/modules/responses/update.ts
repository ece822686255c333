/**
 * A response continued (bff/modules/collection/responses.ts): its further answers and its
 * completion, set on the entity the caller holds under its row lock and written by the caller's
 * flush, through the ORM over the entity's own metadata (the start path binds the same columns:
 * columns.ts). The tally queue and the counts move with it in the same transaction.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Answer, Question } from '@domain/survey/types';
import type { SurveyResponse } from '../../entities';
import type { DatabaseKind } from '../../platform/sql';
import { addCompletion } from './counts';
import { isQueuedForTally, markCompletionPending } from './queue';
import { untallyResponse } from './tallies';

/** Sets the response's answers (merged and checked by the caller). An abandoned response already tallied leaves the tallies first and is queued again. */
export async function continueResponse(tx: EntityManager, kind: DatabaseKind, questions: readonly Question[], response: SurveyResponse, answers: Record<string, Answer>): Promise<void> {
  if (!(await isQueuedForTally(tx, response.id))) {
    // An abandoned response, already counted in InsightIQ's tallies, is continued: its old answers leave them.
    await untallyResponse(tx, kind, questions, response);
  }
  response.answers = answers;
}

/**
 * Completes the response at `clock`. A capped survey's completion is counted on its row at once (the
 * caller holds the row's lock and has checked the cap); any other waits in the tally queue for the
 * tally job to count it (an unfinished response is always queued: a continued one was queued again first).
 */
export async function recordCompletion(tx: EntityManager, response: SurveyResponse, clock: Date, { capped }: { capped: boolean }): Promise<void> {
  response.isComplete = true;
  response.completedAt = clock;
  response.completionTimeSeconds = Math.max(0, Math.floor((clock.getTime() - response.startedAt.getTime()) / 1000));
  if (capped) await addCompletion(tx, response.surveyId);
  else await markCompletionPending(tx, response.id);
}
