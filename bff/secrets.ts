import { createHash } from 'node:crypto';

/**
 * Secrets handed out once (invitation links, API keys) are stored only as their SHA-256: a
 * database leak reveals no usable secret, and a presented one is found by hashing it again.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
