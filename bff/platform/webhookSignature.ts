/**
 * Standard Webhooks (standardwebhooks.com): a message carries webhook-id, webhook-timestamp and
 * webhook-signature headers; the signature is "v1," + base64 HMAC-SHA256, keyed with the secret's
 * base64-decoded bytes after "whsec_", over "{id}.{timestamp}.{body}". Any Standard Webhooks
 * library verifies it.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 24;
/** Characters of the secret shown after it was handed out: the prefix and four more. */
const HINT_LENGTH = WEBHOOK_SECRET_PREFIX.length + 4;

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

export function webhookSecretHint(secret: string): string {
  return `${secret.slice(0, HINT_LENGTH)}…`;
}

export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`;
}

/** The three Standard Webhooks headers of one attempt. */
export function webhookHeaders(secret: string, id: string, sentAt: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, id, timestamp, body),
  };
}
