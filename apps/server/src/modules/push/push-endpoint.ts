import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';

/**
 * Addresses that are not the public internet: a subscription's endpoint is a URL the server POSTs to, so one naming
 * the server's own network (a database, a metadata service, an admin page on loopback) would let any member make the
 * server send requests there.
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
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(address, prefix, 'ipv6');

/** Whether an address is on the public internet (an IPv4-mapped IPv6 address is judged as the IPv4 one). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = net.isIP(ip);
  if (!family) return false;
  return !notPublic.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export class EndpointRefused extends Error {}

/**
 * Refuses an endpoint that is not https or whose host resolves to any address that is not public (unless
 * `allowPrivate`: tests running a push service on loopback). Checked when a browser subscribes and again before every
 * send; the send's own connection checks what it connects to as well (endpointAgent), so a name that resolves to a
 * public address here and to a private one a moment later is still refused.
 */
export async function checkEndpoint(endpoint: string, allowPrivate: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused('not a URL');
  }
  if (url.protocol !== 'https:') throw new EndpointRefused('not https');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [host]
    : await dns.promises.lookup(host, { all: true }).then(
        (found) => found.map((a) => a.address),
        () => [],
      );
  if (!addresses.length) throw new EndpointRefused('does not resolve');
  if (!addresses.every(isPublicAddress)) throw new EndpointRefused('resolves to an address that is not public');
}

/** dns.lookup for the sending connections: it hands over no address that is not public. */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, found) => {
    if (error) return callback(error, '', 0);
    const addresses = found.filter((a) => isPublicAddress(a.address));
    if (addresses.length < found.length || !addresses.length)
      return callback(Object.assign(new Error(`${hostname} resolves to an address that is not public`), { code: 'EPUSHREFUSED' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * The agent pushes are sent through: keep-alive to the few push services there are, and, unless private endpoints are
 * allowed, a lookup that refuses non-public addresses at connection time. It names no `ca`, so the trusted roots are
 * Node's own plus NODE_EXTRA_CA_CERTS.
 */
export function endpointAgent(allowPrivate: boolean): https.Agent {
  return new https.Agent({ keepAlive: true, maxSockets: 16, ...(allowPrivate ? {} : { lookup: publicLookup }) });
}
