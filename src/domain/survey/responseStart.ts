/**
 * When a response started, read on the server's clock. Server-side only: the widget's loader
 * bundles collection.ts, and this reads a request body's fields by name.
 */
import type { ResponseInput } from './collection';

/** How long before its receipt a response may have started: a page left open longer counts from then. */
export const STARTED_AT_MAX_AGE_MS = 24 * 3_600_000;

/**
 * When a response started, on the server's clock. The page's startedAt is moved by how far the
 * page's clock is from the server's (sentAt against the receipt: a visitor's wrong clock does not
 * count), then kept within STARTED_AT_MAX_AGE_MS before the receipt and never after it, so a
 * completion time is never negative and never longer than a day. A body without startedAt (an
 * older widget, another client) starts at its receipt.
 */
export function responseStartedAt(input: Pick<ResponseInput, 'startedAt' | 'sentAt'>, receivedAt: Date): Date {
  const received = receivedAt.getTime();
  const started = input.startedAt === undefined ? Number.NaN : Date.parse(input.startedAt);
  if (!Number.isFinite(started)) return new Date(received);
  const sent = input.sentAt === undefined ? Number.NaN : Date.parse(input.sentAt);
  // The time the page measured between showing the survey and sending, counted back from the receipt.
  const onServerClock = Number.isFinite(sent) ? received - Math.max(0, sent - started) : started;
  return new Date(Math.min(received, Math.max(received - STARTED_AT_MAX_AGE_MS, onServerClock)));
}
