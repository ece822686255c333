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

/**
 * The IPv4 address an IPv6 spelling (canonical, as the URL parser writes it) carries for an IPv4
 * client: IPv4-mapped (::ffff:cb00:7105, what a dual-stack socket reports), IPv4-translated
 * (::ffff:0:cb00:7105) and IPv4-compatible (::cb00:7105); null for any other address.
 */
function carriedIpv4(canonical: string): string | null {
  const match = /^::(?:ffff:(?:0:)?)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!match) return null;
  const high = parseInt(match[1]!, 16);
  const low = parseInt(match[2]!, 16);
  // ::0.0.x.y is no IPv4 client (::1, the loopback, is written ::1 and does not match).
  if (!canonical.startsWith('::ffff:') && high < 0x100) return null;
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * The address in one spelling, or null when it is none (or the unspecified address, nobody's):
 * no zone, no port (some proxies forward "203.0.113.5:4711" or "[2001:db8::1]:443"), an IPv6
 * spelling of an IPv4 client as IPv4, IPv6 compressed.
 */
export function normalisedAddress(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (withPort) address = withPort[1]!;
  address = address.replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return address === '0.0.0.0' ? null : address;
  if (family !== 6) return null;
  // The URL parser writes IPv6 in its canonical compressed form (and IPv4-mapped ones in hex).
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  if (canonical === '::') return null;
  return carriedIpv4(canonical) ?? canonical;
}

/** The eight 16-bit groups of a canonical IPv6 address. */
function ipv6Groups(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
}

/**
 * A normalised address cut to its network: IPv4 to its /24 (203.0.113.0), IPv6 to its /48 site
 * prefix. An IPv6 address whose first 48 bits are zero (the loopback ::1: a proxy on this machine
 * that is not trusted to forward the client's address) names no site and nobody's household: it is
 * kept whole rather than cut to "::".
 */
export function truncatedAddress(address: string): string {
  if (isIP(address) === 4) return address.replace(/\.\d+$/, '.0');
  const [a, b, c] = ipv6Groups(address);
  if (!a && !b && !c) return address;
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
