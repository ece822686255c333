import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_LENGTH = 64;
/** Shown beside a key's name so people can tell their keys apart; reveals 48 of 381 bits. */
export const API_KEY_PREFIX_LENGTH = 8;
const API_KEY_FORMAT = new RegExp(`^[${ALPHABET}]{${API_KEY_LENGTH}}$`);

/** A new key: 64 letters and digits (data document, API token), each drawn uniformly at random. */
export function generateApiKey(): string {
  let key = '';
  for (let index = 0; index < API_KEY_LENGTH; index++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/** Whether a presented value could be one of our keys at all; anything else costs no query. */
export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_FORMAT.test(value);
}
