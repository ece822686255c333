/**
 * A service account's access token (the OAuth 2 JWT bearer grant, RFC 7523): a JWT naming the
 * account, the scopes and the token endpoint, signed RS256 with the key's private key, exchanged
 * at the key's token_uri for a bearer token. Google's service account keys are this shape; unlike a
 * pasted access token, which expires within the hour, it keeps scheduled syncs working.
 * https://developers.google.com/identity/protocols/oauth2/service-account#httprest
 */
import { createSign } from 'node:crypto';
import { ConnectorError, type ConnectorContext } from '../types';
import { baseUrlOf, isRecordObject, oauthToken, textOr } from '../shared';

export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
/** Google issues tokens for at most an hour. */
const LIFETIME_SECONDS = 3600;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion and where to exchange it; errors name what is wrong with the key, never its content. */
export function serviceAccountAssertion(keyText: string, scopes: readonly string[], now: number): { tokenUri: string; assertion: string } {
  let key: unknown;
  try {
    key = JSON.parse(keyText);
  } catch {
    throw new ConnectorError('The service account key must be the JSON file Google Cloud gave you.');
  }
  const email = isRecordObject(key) ? textOr(key.client_email) : null;
  const privateKey = isRecordObject(key) ? textOr(key.private_key) : null;
  if (!isRecordObject(key) || !email || !privateKey) throw new ConnectorError('The service account key has no client_email or private_key.');
  const tokenUri = textOr(key.token_uri) || GOOGLE_TOKEN_URI;
  const issued = Math.floor(now / 1000);
  const claims = { iss: email, scope: scopes.join(' '), aud: tokenUri, iat: issued, exp: issued + LIFETIME_SECONDS };
  const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  let signature: string;
  try {
    signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey, 'base64url');
  } catch {
    throw new ConnectorError('The private_key of the service account key is not a valid RSA key.');
  }
  return { tokenUri, assertion: `${unsigned}.${signature}` };
}

export async function serviceAccountAccessToken(context: ConnectorContext, vendor: string, keyText: string, scopes: readonly string[], now = Date.now()): Promise<string> {
  const { tokenUri, assertion } = serviceAccountAssertion(keyText, scopes, now);
  // Checked as an address like any base URL: the key is pasted, its token_uri could be anything.
  const url = baseUrlOf({ ...context, settings: { tokenUri } }, 'tokenUri', '');
  return oauthToken(context, vendor, url, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
}
