/**
 * Sends the queued webhooks: survey completions, signed with the company's secret, and Write Back
 * batches (rows with a destinationId), signed with their destination's secret and sent to its
 * current address; a batch whose destination was deleted or disabled is given up. Each pass
 * claims the due deliveries through the job queue (platform/jobQueue.ts: replicas never claim the
 * same row), leased for a minute, sends them outside any transaction, then records the outcome: delivered,
 * or another attempt after a growing delay, until a day after the delivery was queued, when it
 * is marked failed. A replica that dies mid-send leaves a lease that expires, and the delivery is
 * sent again: receivers deduplicate by webhook-id, which stays the same on every attempt.
 */
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Orm } from '../../types';
import { CompanySurveySettings, WebhookDelivery, WritebackDestination } from '../../entities';
import { claimDue, leaseEnd } from '../../platform/jobQueue';
import { repeatingJob } from '../../platform/jobs';
import { decryptSecret } from '../../platform/secrets';
import type { ResolvedAddress } from '../../platform/addressGuard';
import { sendWebhook, type WebhookAttempt, type WebhookRequest } from './send';
import { webhookHeaders } from '../../platform/webhookSignature';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the 1st, 2nd, … failed attempt; the last one repeats. */
export const RETRY_DELAYS_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR] as const;
/** A delivery still failing this long after it was queued is given up. */
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/** How long a claimed delivery is left to its worker: the send's time limit and a margin. */
const LEASE_MS = MINUTE;
const BATCH_SIZE = 10;
const POLL_INTERVAL_MS = 5 * SECOND;

/** When to try again after `attempts` failures, or null to give up. */
export function nextAttemptAfter(createdAt: Date, attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!;
  const next = now.getTime() + delay;
  return next > createdAt.getTime() + GIVE_UP_AFTER_MS ? null : new Date(next);
}

export interface WebhookWorkerDependencies {
  orm: Orm;
  config: Pick<Config, 'credentialsKey' | 'webhookAllowPrivate' | 'database'>;
  logger: Logger;
  clock?: () => Date;
  /** Replaces DNS for the address guard (tests). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  timeoutMs?: number;
  /** How often the queue is looked at. */
  everyMs?: number;
}

export interface DeliveryPass {
  attempted: number;
  delivered: number;
}

export function createWebhookWorker({ orm, config, logger, clock = () => new Date(), lookup, timeoutMs, everyMs = POLL_INTERVAL_MS }: WebhookWorkerDependencies) {
  function claim(now: Date): Promise<WebhookDelivery[]> {
    return claimDue(orm, config.database.kind, WebhookDelivery, {
      due: { status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ lockedUntil: null }, { lockedUntil: { $lt: now } }] },
      orderBy: { nextAttemptAt: 'asc', id: 'asc' },
      limit: BATCH_SIZE,
      lease: () => ({ lockedUntil: leaseEnd(now, LEASE_MS) }),
    });
  }

  /** Each company's current signing secret (a rotation applies to the next attempt). */
  async function secretsOf(companyIds: string[]): Promise<Map<string, string>> {
    const rows = await orm.em.fork().find(CompanySurveySettings, { companyId: { $in: [...new Set(companyIds)] } }, { fields: ['companyId', 'webhookSecret'] });
    const secrets = new Map<string, string>();
    for (const row of rows) {
      if (!row.webhookSecret) continue;
      try {
        secrets.set(row.companyId, decryptSecret(row.webhookSecret, config.credentialsKey));
      } catch (failure) {
        logger.error({ err: failure, companyId: row.companyId }, 'Webhook signing secret cannot be decrypted (was CREDENTIALS_KEY changed?)');
      }
    }
    return secrets;
  }

  /** The Write Back destinations of the claimed batches, with their secrets decrypted (null when unreadable). */
  async function destinationsOf(ids: string[]): Promise<Map<string, { url: string; enabled: boolean; secret: string | null }>> {
    const destinations = new Map<string, { url: string; enabled: boolean; secret: string | null }>();
    if (!ids.length) return destinations;
    const rows = await orm.em.fork().find(WritebackDestination, { id: { $in: [...new Set(ids)] } }, { fields: ['id', 'url', 'enabled', 'secret'] });
    for (const row of rows) {
      let secret: string | null = null;
      try {
        secret = decryptSecret(row.secret, config.credentialsKey);
      } catch (failure) {
        logger.error({ err: failure, destinationId: row.id }, 'Write Back signing secret cannot be decrypted (was CREDENTIALS_KEY changed?)');
      }
      destinations.set(row.id, { url: row.url, enabled: row.enabled, secret });
    }
    return destinations;
  }

  /** Where and with which secret a delivery goes; `refusal` ends it without an attempt on the network. */
  interface Target {
    url: string;
    secret: string | undefined;
    refusal?: { error: string; final: boolean };
  }

  function targetOf(delivery: WebhookDelivery, companySecrets: Map<string, string>, destinations: Awaited<ReturnType<typeof destinationsOf>>): Target {
    if (!delivery.destinationId) return { url: delivery.url, secret: companySecrets.get(delivery.companyId) };
    const destination = destinations.get(delivery.destinationId);
    if (!destination) return { url: delivery.url, secret: undefined, refusal: { error: 'The destination was deleted', final: true } };
    if (!destination.enabled) return { url: destination.url, secret: undefined, refusal: { error: 'The destination is disabled', final: true } };
    if (!destination.secret) return { url: destination.url, secret: undefined, refusal: { error: 'The destination has no readable signing secret', final: false } };
    return { url: destination.url, secret: destination.secret };
  }

  async function attempt(delivery: WebhookDelivery, target: Target, now: Date): Promise<WebhookAttempt> {
    if (target.refusal) return { delivered: false, statusCode: null, error: target.refusal.error };
    if (!target.secret) return { delivered: false, statusCode: null, error: 'The company has no readable webhook signing secret' };
    const request: WebhookRequest = { url: target.url, body: delivery.payload, headers: webhookHeaders(target.secret, delivery.id, now, delivery.payload) };
    return sendWebhook(request, { allowPrivate: config.webhookAllowPrivate, lookup, timeoutMs });
  }

  async function record(delivery: WebhookDelivery, outcome: WebhookAttempt, now: Date, target: Target): Promise<void> {
    const attempts = delivery.attempts + 1;
    const retryAt = outcome.delivered || target.refusal?.final ? null : nextAttemptAfter(delivery.createdAt, attempts, now);
    await orm.em.fork().nativeUpdate(
      WebhookDelivery,
      { id: delivery.id },
      {
        // A Write Back batch goes to its destination's current address: the log shows where.
        url: target.url,
        attempts,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        status: outcome.delivered ? 'delivered' : retryAt ? 'pending' : 'failed',
        deliveredAt: outcome.delivered ? now : null,
        nextAttemptAt: retryAt,
        lockedUntil: null,
      },
    );
    if (!outcome.delivered) {
      logger.warn({ deliveryId: delivery.id, attempts, error: outcome.error, givenUp: !retryAt }, 'Webhook delivery failed');
    }
  }

  /** One pass: sends every delivery due at `now` (tests pass their own clock). */
  async function deliverDue(now: Date = clock()): Promise<DeliveryPass> {
    const claimed = await claim(now);
    if (!claimed.length) return { attempted: 0, delivered: 0 };
    const completions = claimed.filter((delivery) => !delivery.destinationId);
    const secrets = completions.length ? await secretsOf(completions.map((delivery) => delivery.companyId)) : new Map<string, string>();
    const destinations = await destinationsOf(claimed.flatMap((delivery) => (delivery.destinationId ? [delivery.destinationId] : [])));
    const outcomes = await Promise.all(
      claimed.map(async (delivery) => {
        const target = targetOf(delivery, secrets, destinations);
        const outcome = await attempt(delivery, target, now);
        await record(delivery, outcome, now, target);
        return outcome;
      }),
    );
    return { attempted: claimed.length, delivered: outcomes.filter((outcome) => outcome.delivered).length };
  }

  return {
    deliverDue,
    // Deliveries queued before a restart go out at once; stop waits for the pass in flight (its
    // sends end within their time limit).
    ...repeatingJob({ name: 'Webhook delivery pass', everyMs, run: () => deliverDue(), logger, runOnStart: true }),
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
