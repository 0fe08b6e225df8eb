// Which addresses the fetch formula may connect to: public unicast only. Loopback, private, shared
// (carrier-grade NAT), link-local (cloud metadata at 169.254.169.254 included), unique-local, multicast,
// reserved and unspecified ranges are refused, in IPv4, IPv6 and IPv4-mapped IPv6 forms, so a model
// cannot aim the fetch at the user's own machine or network.
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:a.b.c.d), if it is one. */
function embeddedIpv4(address: string): string | undefined {
  const dotted = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why the address may not be fetched, or undefined when it is a public address. */
export function refusedAddressReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(bare) : bare;
  if (v4 !== undefined && refused.check(v4, 'ipv4')) return `${address} is a loopback, private, link-local or reserved address`;
  if (family === 6 && v4 === undefined && refused.check(bare, 'ipv6')) return `${address} is a loopback, private, link-local or reserved address`;
  return undefined;
}
