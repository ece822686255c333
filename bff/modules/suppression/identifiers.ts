/**
 * How an identifier is compared and hashed. A value is compared trimmed, and an e-mail (any value
 * with an @) in lower case, in every store alike. A suppression keeps only the value's HMAC-SHA-256
 * under a key derived from the server's credentials key, bound to its company: the list names no
 * one, and a hash of one company's customer says nothing about another's.
 */
import { createHmac } from 'node:crypto';

export const normalizeIdentifier = (value: string): string => {
  const trimmed = value.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
};

/** The key suppressions are hashed under, derived from the credentials key (never the key itself). */
export const suppressionKeyOf = (credentialsKey: Buffer): Buffer => createHmac('sha256', credentialsKey).update('navout privacy suppression v1').digest();

export function identifierHash(key: Buffer, companyId: string, value: string): string {
  return createHmac('sha256', key).update(`${companyId}\n${normalizeIdentifier(value)}`, 'utf8').digest('hex');
}

/** The values worth comparing: strings and numbers, not empty. */
export function identifierValues(values: Iterable<unknown>): string[] {
  const found = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = normalizeIdentifier(String(value));
    if (text) found.add(text);
  }
  return [...found];
}
