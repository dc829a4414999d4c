import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the peer at `address`, `hop` steps from the server, may say who the client is. */
export type TrustProxyFn = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as one function, for Fastify's `request.ip` and for the socket handshake alike, so that both name the
 * same client: nobody (false: the peer is the client), the first `hops` peers, or the proxies at these addresses.
 */
export function trustProxyFn(trust: false | number | string[]): TrustProxyFn | false {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** The client's address as the server trusts it, for a request Fastify does not see (the socket handshake's). */
export function clientAddress(request: IncomingMessage, trust: TrustProxyFn | false): string | undefined {
  // A peer already gone has no address (and proxy-addr would fail on it).
  if (!request.socket?.remoteAddress) return undefined;
  return trust ? proxyAddr(request, trust) : request.socket.remoteAddress;
}
