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
import type { EntityManager } from '@mikro-orm/core';
import { WebhookDelivery } from '../../entities';
import { claimDue, leaseEnd } from '../../platform/jobQueue';
import { repeatingJob } from '../../platform/jobs';
import { webhookDeliveries } from '../../platform/metrics';
import type { ResolvedAddress } from '../../platform/addressGuard';
import { webhookHeaders } from '../../platform/webhookSignature';
import { sendWebhook, type WebhookAttempt, type WebhookRequest } from './send';
import { companySecrets, destinationTargets, targetOf, type Target } from './targets';

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
  /** A new EntityManager for each pass (the runtime's fork). */
  fork: () => EntityManager;
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

/** What one delivery pass works with. */
type PassContext = Required<Pick<WebhookWorkerDependencies, 'config' | 'logger'>> & Pick<WebhookWorkerDependencies, 'lookup' | 'timeoutMs'> & { em: EntityManager };

function claim({ em, config }: PassContext, now: Date): Promise<WebhookDelivery[]> {
  return claimDue(em, config.database.kind, WebhookDelivery, {
    due: { status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ lockedUntil: null }, { lockedUntil: { $lt: now } }] },
    orderBy: { nextAttemptAt: 'asc', id: 'asc' },
    limit: BATCH_SIZE,
    lease: () => ({ lockedUntil: leaseEnd(now, LEASE_MS) }),
  });
}

async function attempt({ config, lookup, timeoutMs }: PassContext, delivery: WebhookDelivery, target: Target, now: Date): Promise<WebhookAttempt> {
  if (target.refusal) return { delivered: false, statusCode: null, error: target.refusal.error };
  if (!target.secret) return { delivered: false, statusCode: null, error: 'The company has no readable webhook signing secret' };
  const request: WebhookRequest = { url: target.url, body: delivery.payload, headers: webhookHeaders(target.secret, delivery.id, now, delivery.payload) };
  return sendWebhook(request, { allowPrivate: config.webhookAllowPrivate, lookup, timeoutMs });
}

async function record({ em, logger }: PassContext, delivery: WebhookDelivery, outcome: WebhookAttempt, now: Date, target: Target): Promise<void> {
  const attempts = delivery.attempts + 1;
  const retryAt = outcome.delivered || target.refusal?.final ? null : nextAttemptAfter(delivery.createdAt, attempts, now);
  await em.fork().nativeUpdate(
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
  webhookDeliveries.inc({ outcome: outcome.delivered ? 'delivered' : retryAt ? 'retrying' : 'failed' });
  if (!outcome.delivered) {
    logger.warn({ deliveryId: delivery.id, attempts, error: outcome.error, givenUp: !retryAt }, 'Webhook delivery failed');
  }
}

/** One pass: sends every delivery due at `now`. */
async function deliverDue(context: PassContext, now: Date): Promise<DeliveryPass> {
  const claimed = await claim(context, now);
  if (!claimed.length) return { attempted: 0, delivered: 0 };
  const reader = { em: context.em, credentialsKey: context.config.credentialsKey, logger: context.logger };
  const secrets = await companySecrets(reader, claimed.filter((delivery) => !delivery.destinationId).map((delivery) => delivery.companyId));
  const destinations = await destinationTargets(reader, claimed.flatMap((delivery) => (delivery.destinationId ? [delivery.destinationId] : [])));
  const outcomes = await Promise.all(
    claimed.map(async (delivery) => {
      const target = targetOf(delivery, secrets, destinations);
      const outcome = await attempt(context, delivery, target, now);
      await record(context, delivery, outcome, now, target);
      return outcome;
    }),
  );
  return { attempted: claimed.length, delivered: outcomes.filter((outcome) => outcome.delivered).length };
}

export function createWebhookWorker({ clock = () => new Date(), everyMs = POLL_INTERVAL_MS, fork, ...context }: WebhookWorkerDependencies) {
  // Tests pass their own clock to a pass. Each pass works in an EntityManager of its own.
  const pass = (now: Date = clock()) => deliverDue({ ...context, em: fork() }, now);
  return {
    deliverDue: pass,
    // Deliveries queued before a restart go out at once; stop waits for the pass in flight (its
    // sends end within their time limit).
    ...repeatingJob({ name: 'Webhook delivery pass', everyMs, run: () => pass(), logger: context.logger, runOnStart: true }),
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
