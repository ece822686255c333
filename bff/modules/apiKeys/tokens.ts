import { createHash, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_LENGTH = 64;
/** Shown beside a key's name so people can tell their keys apart; reveals 48 of 381 bits. */
export const API_KEY_PREFIX_LENGTH = 8;

/** A new key: 64 letters and digits (data document, API token), each drawn uniformly at random. */
export function generateApiKey(): string {
  let key = '';
  for (let index = 0; index < API_KEY_LENGTH; index++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/** Only this is stored: a database leak reveals no usable key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
