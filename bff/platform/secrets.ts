import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed out once (invitation links, API keys) are stored only as their SHA-256: a
 * database leak reveals no usable secret, and a presented one is found by hashing it again.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

const CIPHER = 'aes-256-gcm';
/** Marks the format, so a future key rotation can tell old ciphertexts from new ones. */
const VERSION = 'v1';

/**
 * Secrets the BFF must use again (a data source's API key) are encrypted with AES-256-GCM under
 * the configured key: a random 96-bit IV per value, and the tag that makes tampering fail.
 * Stored as "v1.iv.tag.ciphertext", each part base64url.
 */
export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, key, iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), encrypted].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function decryptSecret(stored: string, key: Buffer): string {
  const [version, iv, tag, encrypted] = stored.split('.');
  if (version !== VERSION || !iv || !tag || encrypted === undefined) throw new Error('Unknown credential format');
  const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
}
