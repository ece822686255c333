/**
 * A respondent's first POST, the path a campaign's traffic takes: the survey with its company's
 * survey settings, mostly from this process's copy (intakeSurvey.ts), then its writes through the
 * responses' owner (bff/modules/responses): the response inserted and queued for InsightIQ's
 * tallies, the completion (when asked) counted and its webhook queued beside it, all or nothing.
 */
import { completionSeconds, type DeviceType } from '@domain/survey/collection';
import type { Answer } from '@domain/survey/types';
import type { Orm } from '../../types';
import { knexOf, type DatabaseKind } from '../../platform/sql';
import { isSuppressed, WIDGET_SOURCE } from '../suppression';
import { addCompletion, countCompletions, insertResponse, insertResponseIn, type NewResponse, type TableRow } from '../responses';
import { completionDeliveryRow } from '../webhooks';
import { bumpBundleVersion } from './bundleCache';
import { completionWebhook } from './completion';
import type { IntakeSurvey } from './intakeSurvey';
import { inactiveReason, isCapped, refuseInactive } from './running';

/** A new response as the request gives it. */
export interface StartedAnswers {
  id: string;
  visitorId: string | null;
  ipAddress: string | null;
  deviceType: DeviceType;
  userAgent: string | null;
  pageUrl: string | null;
  identifiers: Record<string, string>;
  answers: Record<string, Answer>;
  writeTokenHash: string;
  /** When the visitor first saw or answered the survey, on the server's clock (responseStartedAt). */
  startedAt: Date;
}

/**
 * Inserts the response, queued for the tally job, and, when `complete`, completes it: its webhook
 * queued beside it, and the request's Idempotency-Key (`keyRow`) with them, all or nothing. A capped survey's row is locked first and the completion
 * counted on it, so its N+1th completion is refused however many arrive at once, and the completion that fills the cap takes
 * it out of the widget's bundle. Any other survey's completion is only marked count_pending (the
 * tally job counts it on the row later), so a campaign's answers never wait on each other, and is
 * written only while the survey's row still runs without a cap; on PostgreSQL it goes as one
 * statement with its queue row and webhook (insertResponse). Answers false when nothing was
 * written because the row no longer runs uncapped: the caller reads the survey afresh.
 */
export async function insertStartedResponse(
  orm: Orm,
  kind: DatabaseKind,
  survey: IntakeSurvey,
  started: StartedAnswers,
  complete: boolean,
  clock: Date,
  keyRow?: Record<string, unknown>,
): Promise<boolean> {
  const knex = knexOf(orm);
  // An erased person's answers are dropped (counted) and answered as if stored: bff/modules/suppression.
  if (await isSuppressed(knex, survey.companyId, [started.visitorId, ...Object.values(started.identifiers)], WIDGET_SOURCE)) return true;
  const capped = isCapped(survey);
  const webhook = complete
    ? completionWebhook(
        survey.settings,
        survey,
        { id: started.id, answers: started.answers, identifiers: started.identifiers, deviceType: started.deviceType, startedAt: started.startedAt, completionTimeSeconds: completionSeconds(started.startedAt, clock) },
        clock,
      )
    : null;
  const alongside: TableRow[] = [];
  if (webhook) alongside.push({ table: 'webhook_deliveries', row: completionDeliveryRow(webhook.url, webhook.payload, clock) });
  // The request's Idempotency-Key with its answer: never the response without it (platform/idempotency.ts).
  if (keyRow) alongside.push({ table: 'idempotency_keys', row: keyRow });
  const response: NewResponse = {
    // Written out, not spread from `started`: adding properties to a spread object costs V8 far more than the insert's other work.
    values: {
      id: started.id,
      companyId: survey.companyId,
      surveyId: survey.id,
      visitorId: started.visitorId,
      ipAddress: started.ipAddress,
      deviceType: started.deviceType,
      userAgent: started.userAgent,
      pageUrl: started.pageUrl,
      identifiers: started.identifiers,
      answers: started.answers,
      startedAt: started.startedAt,
      completedAt: complete ? clock : null,
      completionTimeSeconds: complete ? completionSeconds(started.startedAt, clock) : null,
      isComplete: complete,
      writeTokenHash: started.writeTokenHash,
      createdAt: clock,
      updatedAt: clock,
    },
    countPending: complete && !capped,
    alongside,
  };

  if (capped && complete) {
    await knex.transaction(async (trx) => {
      // SQLite's transactions begin IMMEDIATE and so already run one at a time.
      await trx.raw(`select 1 from published_surveys where id = ?${kind === 'postgresql' ? ' for update' : ''}`, [survey.id]);
      // Read after the lock, in a statement of its own: it sees every completion committed before it.
      const stored = await countCompletions(trx, survey.id);
      const reason = inactiveReason(survey, stored, clock);
      if (reason) throw refuseInactive(reason);
      // This completion fills the cap: the survey leaves the widget's bundle.
      if (inactiveReason(survey, stored + 1, clock)) await bumpBundleVersion(trx, survey.companyId);
      await addCompletion(trx, survey.id);
      await insertResponseIn(trx, orm.getMetadata(), kind, response);
    });
    return true;
  }
  return insertResponse(orm, kind, response, { whileRunningUncapped: !capped });
}
