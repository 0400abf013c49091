import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { fieldErrorSaying } from '../../lib/errors.js';

/**
 * The proxy check connects from the server to a host a user typed: without a guard it would
 * reach the server's own network (SSRF) — cloud metadata at 169.254.169.254, private services.
 * Private, link-local, shared, multicast and unspecified ranges are refused. Loopback is
 * refused too, except where a local test proxy runs: FACET_ALLOW_LOOPBACK_PROXY=1 or
 * NODE_ENV=test.
 */
const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export const loopbackProxyAllowed = () =>
  process.env.FACET_ALLOW_LOOPBACK_PROXY === '1' || process.env.NODE_ENV === 'test';

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
function normalise(ip: string): { ip: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return { ip: mapped[1]!, family: 'ipv4' };
  return { ip, family: net.isIPv6(ip) ? 'ipv6' : 'ipv4' };
}

/** Why an address may not be a proxy for the check, or null when it may. */
export function refusedAddress(address: string): string | null {
  const { ip, family } = normalise(address);
  if (loopback.check(ip, family)) return loopbackProxyAllowed() ? null : 'a loopback address';
  if (blocked.check(ip, family)) return 'a private, link-local or reserved address';
  return null;
}

/**
 * Resolves the proxy host and returns the address to connect to (so a second DNS answer cannot
 * swap in a private one), or refuses with 400 naming the field. A name that does not resolve is
 * left to the connection, which reports it as the check's failure.
 */
export async function guardProxyHost(host: string, field: string): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return bare;
    }
  }
  for (const a of addresses) {
    const why = refusedAddress(a);
    if (why)
      throw fieldErrorSaying(
        field,
        'proxyHostNotAllowed',
        `proxyHostNotAllowed — ${host} is ${why}; the proxy check does not connect into the server's own network`,
      );
  }
  return addresses[0] ?? bare;
}
