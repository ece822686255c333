/**
 * Who may deliver to a pushed source: the holder of its secret (Segment's write key), or a sender
 * signing with it (Standard Webhooks), for a company that is active.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Config } from '../../../config';
import { Company, DataSource } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { isPushedSource, sameSecret, signatureMatches, storedIngestSecret, timestampProblem, type SignatureHeaders } from './secret';

const REFUSAL = {
  error: 'Invalid ingestion credentials',
  message:
    'Send the ingestion secret of this source as the write key (HTTP Basic user name with an empty password, or "writeKey" in the body), in X-Navout-Ingest-Secret or as a Bearer token, or sign the request with Standard Webhooks headers.',
};

export interface IngestCredentials {
  /** The secret as presented (its header, a bearer token, the Basic user name, or the body's writeKey). */
  secret: string | null;
  /** The three Standard Webhooks headers, when all are present. */
  signature: SignatureHeaders | null;
}

/**
 * The pushed source `id` if the credentials are its own. An unknown source, another kind of
 * source and a wrong secret get the same 401, so the answer tells nothing about which ids exist;
 * good credentials of a company that is not active get 403 company_inactive.
 */
export async function authenticateDelivery(
  em: EntityManager,
  credentialsKey: Config['credentialsKey'],
  now: () => Date,
  id: string,
  credentials: IngestCredentials,
  body: Buffer,
): Promise<DataSource> {
  if (!credentials.secret && credentials.signature) {
    const problem = timestampProblem(credentials.signature.timestamp, now().getTime());
    if (problem) throw apiError('authentication_required', { error: 'Signature refused', message: problem });
  }
  if (!credentials.secret && !credentials.signature) throw apiError('authentication_required', REFUSAL);
  const source = await em.fork().findOne(DataSource, { id });
  const secret = source && isPushedSource(source) ? storedIngestSecret(source, credentialsKey) : null;
  const valid = secret !== null && (credentials.secret ? sameSecret(credentials.secret, secret) : signatureMatches(secret, credentials.signature!, body));
  if (!valid || !source) throw apiError('authentication_required', REFUSAL);
  // As for the prediction API's keys: a company that is not active takes in no data, and the
  // sender learns why (its credentials are good, so this tells it nothing new).
  const company = await em.fork().findOne(Company, { id: source.companyId }, { fields: ['id', 'status'] });
  if (!company || company.status !== 'active') throw apiError('company_inactive');
  return source;
}
