import https from 'node:https';
import { isPublicAddress, publicLookup, systemResolve } from '../../lib/public-address.ts';

export { isPublicAddress };

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
  const addresses = await systemResolve(url.hostname).then(
    (found) => found.map((a) => a.address),
    () => [],
  );
  if (!addresses.length) throw new EndpointRefused('does not resolve');
  if (!addresses.every(isPublicAddress)) throw new EndpointRefused('resolves to an address that is not public');
}

/**
 * The agent pushes are sent through: keep-alive to the few push services there are, and, unless private endpoints are
 * allowed, a lookup that refuses non-public addresses at connection time. It names no `ca`, so the trusted roots are
 * Node's own plus NODE_EXTRA_CA_CERTS.
 */
export function endpointAgent(allowPrivate: boolean): https.Agent {
  return new https.Agent({ keepAlive: true, maxSockets: 16, ...(allowPrivate ? {} : { lookup: publicLookup('EPUSHREFUSED') }) });
}
