/**
 * How a respondent's address is kept, per the company's collection settings: truncated by
 * default (the IPv4 network /24, the IPv6 site prefix /48: enough to tell visitors apart roughly,
 * not to name a household), hashed (an HMAC under a server key, so equal addresses match without
 * being readable, and a table of all IPv4 hashes cannot be built without the key), whole, or none.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { isIP } from 'node:net';
import type { IpAddressMode } from '@domain/survey/collection';

const HASH_LENGTH = 32;

/** The HMAC key for hashed addresses, derived from CREDENTIALS_KEY so every replica agrees. */
export function addressHashKey(credentialsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', credentialsKey, Buffer.alloc(0), 'navout respondent address', 32));
}

/** The address in one spelling: no zone, IPv4-mapped IPv6 as IPv4, IPv6 compressed; null when it is none. */
export function normalisedAddress(raw: string): string | null {
  const address = raw.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1]!;
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return null;
  // The URL parser writes IPv6 in its canonical compressed form (and IPv4-mapped ones in hex).
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (hexMapped) {
    const high = parseInt(hexMapped[1]!, 16);
    const low = parseInt(hexMapped[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return canonical;
}

/** The eight 16-bit groups of a canonical IPv6 address. */
function ipv6Groups(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
}

export function truncatedAddress(address: string): string {
  if (isIP(address) === 4) return address.replace(/\.\d+$/, '.0');
  const [a, b, c] = ipv6Groups(address);
  return new URL(`http://[${[a, b, c, 0, 0, 0, 0, 0].map((group) => group!.toString(16)).join(':')}]/`).hostname.slice(1, -1);
}

export function storedAddress(raw: string | undefined, mode: IpAddressMode, hashKey: Buffer): string | null {
  if (mode === 'none' || !raw) return null;
  const address = normalisedAddress(raw);
  if (!address) return null;
  if (mode === 'full') return address;
  if (mode === 'hashed') return createHmac('sha256', hashKey).update(address).digest('hex').slice(0, HASH_LENGTH);
  return truncatedAddress(address);
}
