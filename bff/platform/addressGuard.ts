/**
 * Requests to addresses a customer typed (completion webhooks; later connectors and writebacks)
 * must never reach this server, its network or the cloud's metadata service. The host is resolved
 * once, every address it resolves to is checked, and the connection is then made to the checked
 * address itself (pinnedLookup), so a second DNS answer cannot swap in a private one (rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * An IP address in any form the system's resolver takes it, or null for a name. Besides the
 * dotted IPv4 and IPv6 forms that means inet_aton's IPv4 forms (0x7f.1, 2130706433, 127.1,
 * 0177.0.0.1): a database host is handed to getaddrinfo as typed, which reads them as 127.0.0.1.
 */
function parseAddress(text: string): Address | null {
  return ipaddr.isValid(text) ? ipaddr.parse(text) : null;
}

/**
 * The IPv4 address a packet to this IPv6 address is delivered to, for the forms that carry one:
 * IPv4-mapped (::ffff:7f00:1, ::ffff:127.0.0.1: ipaddr.process unwraps it), IPv4-translated
 * (::ffff:0:7f00:1), IPv4-compatible (::127.0.0.1, deprecated but still routed by some stacks),
 * NAT64 with the well-known prefix (64:ff9b::7f00:1) and 6to4 (2002:7f00:1::). Judged as an IPv6
 * address, each of these would pass as ordinary unicast or be refused whatever IPv4 address it
 * carries; judged as the IPv4 address it reaches, a disguised loopback or private address is
 * refused and a public one (NAT64 on an IPv6-only network) still works.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const [first, second, third, fourth, fifth, sixth] = address.parts;
  const last32 = () => new ipaddr.IPv4(bytes.slice(12, 16));
  switch (address.range()) {
    case 'ipv4Mapped':
      return address.toIPv4Address();
    case 'rfc6145':
      return last32();
    case 'rfc6052':
      // Only the well-known /96 says where the IPv4 address sits; the local-use 64:ff9b:1::/48 may
      // put it anywhere (RFC 8215), so it stays an IPv6 address and is refused by its range name.
      return first === 0x64 && second === 0xff9b && !third && !fourth && !fifth && !sixth ? last32() : null;
    case '6to4':
      return new ipaddr.IPv4(bytes.slice(2, 6));
    default:
      // IPv4-compatible: the first 96 bits zero (:: and ::1 are ranges of their own).
      return address.parts.slice(0, 6).every((part) => part === 0) && address.range() === 'unicast' ? last32() : null;
  }
}

/** The address a connection to `address` reaches: an IPv6 address that carries an IPv4 address is that IPv4 address. */
function reachedAddress(address: Address): Address {
  return address instanceof ipaddr.IPv6 ? (embeddedIpv4(address) ?? address) : address;
}

/**
 * Whether an IP address (v4 or v6, in any form) is private, loopback, link-local or otherwise
 * special. Only what ipaddr.js names plain 'unicast' may be reached: its other names are the RFC
 * 6890 special-purpose blocks (private, loopback, link-local and cloud metadata, carrier-grade
 * NAT, documentation, benchmarking, multicast, reserved…) and their IPv6 kin (unique and
 * link-local, discard, Teredo, the local-use NAT64 prefix…). Anything that is not an address is
 * refused too.
 */
export function isPrivateAddress(address: string): boolean {
  const parsed = parseAddress(address);
  return !parsed || reachedAddress(parsed).range() !== 'unicast';
}

export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface GuardOptions {
  /** WEBHOOK_ALLOW_PRIVATE: development and tests may reach local servers. */
  allowPrivate: boolean;
  /** Replaces DNS (tests). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
}

/** A URL's hostname without the brackets of an IPv6 literal. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

const LOCAL_NAMES = /(^|\.)(localhost|localdomain|internal|local)\.?$/i;

/**
 * Why this host may not be used, judged without DNS (for a settings form: an IP literal or a
 * local name), or null. Names are resolved and checked again at every request.
 */
export function hostRefusal(hostname: string, options: Pick<GuardOptions, 'allowPrivate'>): string | null {
  if (options.allowPrivate) return null;
  const host = bareHost(hostname);
  if (parseAddress(host)) return isPrivateAddress(host) ? `${host} is a private or local address` : null;
  return LOCAL_NAMES.test(host) ? `${host} is a local name` : null;
}

const systemLookup = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * The address to connect to for `hostname`: an IP literal as it is, a name through DNS. Refused
 * (AddressRefusedError) when any address it resolves to is private, unless private addresses are
 * allowed: a name that also resolves to a private address is not trusted with any of them.
 */
export async function resolveAllowedAddress(hostname: string, options: GuardOptions): Promise<ResolvedAddress> {
  const host = bareHost(hostname);
  const literal = parseAddress(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    // An IPv4 address in a short or numeric form is connected to in its dotted form (the form a
    // socket takes); an IPv6 address as written.
    addresses = [literal.kind() === 'ipv4' ? { address: literal.toString(), family: 4 } : { address: host, family: 6 }];
  } else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch (failure) {
      throw new AddressRefusedError(`${host} could not be resolved (${(failure as NodeJS.ErrnoException).code ?? (failure as Error).message})`);
    }
    if (!addresses.length) throw new AddressRefusedError(`${host} could not be resolved`);
  }
  if (!options.allowPrivate) {
    const refused = addresses.find(({ address }) => isPrivateAddress(address));
    if (refused) {
      throw new AddressRefusedError(
        literal ? `${host} is a private or local address` : `${host} resolves to ${refused.address}, a private or local address`,
      );
    }
  }
  return addresses[0]!;
}

/**
 * A lookup for http(s).request that answers only the checked address. Node asks with `all: true`
 * when it may try several addresses (autoSelectFamily), and expects a list then.
 */
export function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
