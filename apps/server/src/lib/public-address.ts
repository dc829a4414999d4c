import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses that are not the public internet. Wherever the server connects to an address a member gave (a push
 * endpoint, a link to preview), one naming the server's own network (a database, a metadata service, an admin page on
 * loopback) would let any member make the server send requests there.
 */
const notPublic = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  // ::, ::1 and the IPv4-compatible form (::a.b.c.d) some stacks still route to the IPv4 address.
  ['::', 96],
  // NAT64 (well-known and local prefixes): a translator would carry the request to any IPv4 address, private ones too.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // Teredo and 6to4 tunnel to IPv4 addresses.
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  // Unique local addresses, fd00:ec2::254 (the AWS metadata service over IPv6) among them.
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(address, prefix, 'ipv6');

/**
 * Whether an address is on the public internet. An IPv4-mapped IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1) is
 * judged as the IPv4 one: BlockList checks mapped addresses against the IPv4 rules.
 */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const family = net.isIP(ip);
  if (!family) return false;
  return !notPublic.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (an address literal is its own); the step tests replace. */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (host) => {
  const literal = host.replace(/^\[|\]$/g, '');
  const family = net.isIP(literal);
  if (family) return [{ address: literal, family }];
  return dns.promises.lookup(literal, { all: true, verbatim: true });
};

/** An error a connection's lookup fails with when the host has an address that is not public. */
export class AddressRefused extends Error {
  readonly code: string;
  constructor(hostname: string, code = 'EADDRREFUSED') {
    super(`${hostname} resolves to an address that is not public`);
    this.code = code;
  }
}

/**
 * A dns.lookup for outgoing connections that hands over no address that is not public: a name that resolved to a
 * public address when checked and to a private one a moment later is still refused. `code` names the error it fails
 * with, for callers that tell it apart from other connection errors.
 */
export function publicLookup(code?: string): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found.filter((a) => isPublicAddress(a.address));
      if (addresses.length < found.length || !addresses.length) return callback(new AddressRefused(hostname, code), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * A lookup that answers one address already checked, whatever it is asked: the connection goes where the check looked
 * (a DNS answer that changes between check and connect, DNS rebinding, changes nothing), while the request still
 * names the host (Host header, TLS server name and certificate check).
 */
export function pinnedLookup({ address, family }: ResolvedAddress): net.LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address, family }]);
    callback(null, address, family);
  };
}
