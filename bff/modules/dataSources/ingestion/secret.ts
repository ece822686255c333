/**
 * A pushed source's ingestion secret and how a request proves it holds it: the secret itself in
 * X-Navout-Ingest-Secret (or `Authorization: Bearer`), or a Standard Webhooks signature
 * (standardwebhooks.com). The signing key is the secret's bytes after "nvi_" (base64url-decoded),
 * so a Standard Webhooks library signs with `whsec_` + the same bytes in standard base64.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { INGEST_SECRET_PREFIX, type IngestEndpoint } from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';
import type { Config } from '../../../config';
import type { DataSource } from '../../../entities';
import { decryptSecret } from '../../../platform/secrets';
import { WEBHOOK_SECRET_PREFIX } from '../../../platform/webhookSignature';

const SECRET_BYTES = 32;
/** Characters of the secret shown after it was handed out: the prefix and four more. */
const HINT_LENGTH = INGEST_SECRET_PREFIX.length + 4;
/** How far webhook-timestamp may be from our clock (Standard Webhooks' recommendation): older is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function newIngestSecret(): string {
  return `${INGEST_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

export function ingestSecretHint(secret: string): string {
  return `${secret.slice(0, HINT_LENGTH)}…`;
}

/** Whether a source receives pushed records (the Webhook source, the customer data platform). */
export function isPushedSource(source: Pick<DataSource, 'catalogueId'>): boolean {
  return connectorDefinition(source.catalogueId)?.kind === 'webhook';
}

/** The stored secret in clear, or null when none was made (or it cannot be read with this key). */
export function storedIngestSecret(source: Pick<DataSource, 'ingestSecret'>, key: Buffer): string | null {
  if (!source.ingestSecret) return null;
  try {
    return decryptSecret(source.ingestSecret, key);
  } catch {
    return null;
  }
}

/** The ingestion URL and the secret's hint of a pushed source ('' until a secret is made); null for other sources. */
export function ingestEndpointOf(source: Pick<DataSource, 'id' | 'catalogueId' | 'ingestSecret'>, config: Pick<Config, 'publicUrl' | 'credentialsKey'>): IngestEndpoint | null {
  if (!isPushedSource(source)) return null;
  const secret = storedIngestSecret(source, config.credentialsKey);
  return { url: `${config.publicUrl.replace(/\/+$/, '')}/api/ingest/${source.id}`, secretHint: secret ? ingestSecretHint(secret) : '' };
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Constant-time, whatever the lengths: both sides are hashed first. */
export function sameSecret(presented: string, secret: string): boolean {
  return timingSafeEqual(digest(presented), digest(secret));
}

/** The key Standard Webhooks signatures are made with. */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.slice(INGEST_SECRET_PREFIX.length), 'base64url');
}

/** The same secret as a Standard Webhooks library takes it (whsec_ + base64). */
export function standardWebhooksSecret(secret: string): string {
  return `${WEBHOOK_SECRET_PREFIX}${signingKey(secret).toString('base64')}`;
}

/** "v1," + base64 HMAC-SHA256 over "{id}.{timestamp}.{body}", the body as the exact bytes received. */
export function ingestSignature(secret: string, id: string, timestamp: string, body: Buffer): string {
  return `v1,${createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.`, 'utf8').update(body).digest('base64')}`;
}

export interface SignatureHeaders {
  id: string;
  timestamp: string;
  /** Space-separated "v1,<base64>" signatures (several while the sender rotates keys). */
  signature: string;
}

/** Why the timestamp is refused (too old: a replay; too far ahead), or null when it is fresh. */
export function timestampProblem(timestamp: string, nowMs: number): string | null {
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!Number.isFinite(seconds)) return 'webhook-timestamp must be the sending time in seconds since 1970.';
  const drift = nowMs / 1000 - seconds;
  if (drift > SIGNATURE_TOLERANCE_SECONDS) return 'webhook-timestamp is more than 5 minutes old: the request is refused as a replay.';
  if (drift < -SIGNATURE_TOLERANCE_SECONDS) return 'webhook-timestamp is more than 5 minutes ahead of our clock.';
  return null;
}

/** Whether one of the presented v1 signatures is ours (compared in constant time). */
export function signatureMatches(secret: string, headers: SignatureHeaders, body: Buffer): boolean {
  const expected = Buffer.from(ingestSignature(secret, headers.id, headers.timestamp, body).slice(3), 'base64');
  let matched = false;
  for (const part of headers.signature.split(' ')) {
    const [version, value] = part.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const presented = Buffer.from(value, 'base64');
    if (presented.length === expected.length && timingSafeEqual(presented, expected)) matched = true;
  }
  return matched;
}
