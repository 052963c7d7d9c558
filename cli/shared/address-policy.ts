// Which hosts `--external` may request. Links come from a site folder that is anyone's input,
// and CI runners sit next to metadata services and internal hosts: by default a request goes
// only to a public address, checked after DNS resolution and pinned for the connection.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (`dns.lookup` with `all`, or a test's stub). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Which hosts may resolve to a non-public address: all (`true`), none, or the names listed. */
export type PrivateHostsAllowance = boolean | readonly string[];

/** The address to connect to, or why the host is refused. */
export type HostVerdict = { ok: true; target: ResolvedAddress } | { ok: false; reason: string };

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['192.0.0.0', 24],
  ['198.18.0.0', 15], // protocol assignments, benchmarking
  ['224.0.0.0', 4],
  ['240.0.0.0', 4], // multicast; reserved and broadcast
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['fe80::', 10],
  ['fec0::', 10], // link-local, old site-local
  ['fc00::', 7], // unique local
  ['ff00::', 8], // multicast
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv6');

/**
 * Whether an IP address is loopback, link-local, private (RFC 1918, ULA, CGNAT), unspecified,
 * multicast or reserved; IPv4-mapped IPv6 (`::ffff:127.0.0.1`) counts as its IPv4 address, and
 * anything that does not parse as an address counts as non-public.
 */
export function isNonPublicAddress(address: string): boolean {
  // A zone (`fe80::1%eth0`) would hide the address from BlockList.
  const zone = address.indexOf('%');
  const bare = zone === -1 ? address : address.slice(0, zone);
  const family = isIP(bare);
  if (family === 0) return true;
  return nonPublic.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** The system resolver: every address, in the order the system prefers. */
export const systemResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Resolves a URL's host (an IP literal needs no lookup) and checks every address it has, so a
 * name with one public and one private address is refused too; the first address is the one to
 * connect to, so a second lookup cannot switch it (DNS rebinding). A refusal names the command's
 * option that allows such addresses, `allowFlag`.
 */
export async function checkHost(
  url: URL,
  allowance: PrivateHostsAllowance,
  resolver: HostResolver,
  allowFlag = '--allow-private-hosts',
): Promise<HostVerdict> {
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(hostname);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: hostname, family: literal === 6 ? 6 : 4 }]
    : await resolver(hostname);
  if (addresses.length === 0) return { ok: false, reason: `${hostname} has no address` };
  const allowed = allowance === true || (Array.isArray(allowance) && allowance.includes(hostname));
  if (!allowed) {
    const refused = addresses.find((a) => isNonPublicAddress(a.address));
    if (refused) {
      const what = literal ? `${hostname} is` : `${hostname} resolves to ${refused.address},`;
      return { ok: false, reason: `${what} a loopback, link-local or private address (allow with ${allowFlag})` };
    }
  }
  return { ok: true, target: addresses[0]! };
}
