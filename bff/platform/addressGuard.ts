/**
 * Requests to addresses a customer typed (completion webhooks; later connectors and writebacks)
 * must never reach this server, its network or the cloud's metadata service. The host is resolved
 * once, every address it resolves to is checked, and the connection is then made to the checked
 * address itself (pinnedLookup), so a second DNS answer cannot swap in a private one (rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Ranges no customer-given address may reach: RFC 6890 special-purpose blocks and their IPv6 kin. */
const BLOCKED_IPV4: Array<[network: string, prefix: number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const BLOCKED_IPV6: Array<[network: string, prefix: number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address in disguise
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [network, prefix] of BLOCKED_IPV4) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of BLOCKED_IPV6) blocked.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4 or v6) is private, loopback, link-local or otherwise special. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // BlockList also matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 ranges.
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
  if (isIP(host)) return isPrivateAddress(host) ? `${host} is a private or local address` : null;
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
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
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
        family ? `${host} is a private or local address` : `${host} resolves to ${refused.address}, a private or local address`,
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
