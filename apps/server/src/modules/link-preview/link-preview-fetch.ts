import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { isPublicAddress, pinnedLookup, systemResolve, type Resolve, type ResolvedAddress } from '../../lib/public-address.ts';

/** The address, or one a redirect led to, is not on the public internet: nothing was sent there. */
export class LinkRefused extends Error {}
/** The page could not be read (no answer in time, an error status, the wrong kind of content, too many redirects). */
export class LinkUnavailable extends Error {}

export interface SafeFetchOptions {
  /** LINK_PREVIEW_ALLOW_PRIVATE: tests serve their pages from loopback. */
  allowPrivate: boolean;
  /** How a host name becomes addresses; tests give names their own answers. */
  resolve?: Resolve;
  /** Which addresses may be connected to; tests stand a loopback address in for a public one. */
  isAllowed?: (address: string) => boolean;
  /** The whole fetch, every redirect and the body included (default 5 s). */
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface Fetched {
  /** Where the content came from, after redirects. */
  url: URL;
  contentType: string;
  body: Buffer;
}

export interface FetchWant {
  /** Whether a response's media type (lower case, no parameters) is what is wanted. */
  accepts: (mediaType: string) => boolean;
  maxBytes: number;
  /** Past maxBytes: keep the first maxBytes (a page's head holds its tags) or give up (a picture cut short is broken). */
  overflow: 'truncate' | 'fail';
}

const USER_AGENT = 'TribeverseLinkPreview/1.0 (+https://github.com/tribeverse)';

/**
 * Fetches a link a member gave without letting it reach the server's own network. Redirects are followed here, one
 * hop at a time (at most maxRedirects); at every hop the host is resolved, every address it has is checked, and the
 * connection goes to the checked address (a pinned lookup), so neither a redirect nor a DNS answer that changes
 * between the check and the connection leads anywhere private. Time is capped for the whole fetch and size while
 * reading, after decompression.
 */
export class SafeFetcher {
  private readonly resolve: Resolve;
  private readonly isAllowed: (address: string) => boolean;
  readonly timeoutMs: number;
  private readonly maxRedirects: number;

  constructor(private readonly options: SafeFetchOptions) {
    this.resolve = options.resolve ?? systemResolve;
    this.isAllowed = options.isAllowed ?? isPublicAddress;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxRedirects = options.maxRedirects ?? 5;
  }

  /** Fetches `link` by `deadline` (epoch ms; timeoutMs from now by default), so several fetches can share one. */
  async fetch(link: string, want: FetchWant, deadline = Date.now() + this.timeoutMs): Promise<Fetched> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new LinkUnavailable('took too long')), Math.max(0, deadline - Date.now()));
    try {
      let url = parseLink(link);
      for (let hop = 0; ; hop++) {
        const address = await this.checkedAddress(url, abort.signal);
        const response = await request(url, address, abort.signal);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.destroy();
          if (hop >= this.maxRedirects) throw new LinkUnavailable('too many redirects');
          url = parseLink(new URL(response.headers.location, url).toString());
          continue;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          throw new LinkUnavailable(`answered ${status}`);
        }
        const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!want.accepts(contentType)) {
          response.destroy();
          throw new LinkUnavailable(`is ${contentType || 'of no stated type'}`);
        }
        let body: Buffer;
        try {
          body = await readCapped(decoded(response), want, abort.signal);
        } finally {
          // Past the cap the rest is not waited for: the connection goes.
          response.destroy();
        }
        return { url, contentType: response.headers['content-type'] ?? '', body };
      }
    } catch (error) {
      throw abort.signal.aborted ? abort.signal.reason : error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The address to connect to for `url`, once every address its host has was found allowed. */
  private async checkedAddress(url: URL, signal: AbortSignal): Promise<ResolvedAddress> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await Promise.race([this.resolve(url.hostname), aborted(signal)]);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new LinkUnavailable(`${url.hostname} does not resolve`);
    }
    if (!addresses.length) throw new LinkUnavailable(`${url.hostname} does not resolve`);
    if (!this.options.allowPrivate && !addresses.every((a) => this.isAllowed(a.address)))
      throw new LinkRefused(`${url.hostname} has an address that is not public`);
    return addresses[0]!;
  }
}

/** Only http(s), and no credentials: a link is fetched as anyone would see it. */
function parseLink(link: string): URL {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new LinkUnavailable('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LinkRefused(`${url.protocol} links are not fetched`);
  url.username = '';
  url.password = '';
  url.hash = '';
  return url;
}

function request(url: URL, address: ResolvedAddress, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // No pooled socket: each connection is made to the address just checked.
        agent: false,
        lookup: pinnedLookup(address),
        signal,
        headers: { 'user-agent': USER_AGENT, accept: '*/*', 'accept-encoding': 'gzip, deflate, br' },
      },
      resolve,
    );
    req.on('error', (error) => reject(signal.aborted ? signal.reason : new LinkUnavailable(error.message)));
    req.end();
  });
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

async function readCapped(stream: Readable, want: FetchWant, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => stream.destroy();
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      if (size + bytes.length > want.maxBytes) {
        if (want.overflow === 'fail') throw new LinkUnavailable(`is larger than ${want.maxBytes} bytes`);
        chunks.push(bytes.subarray(0, want.maxBytes - size));
        size = want.maxBytes;
        break;
      }
      chunks.push(bytes);
      size += bytes.length;
    }
  } catch (error) {
    if (error instanceof LinkUnavailable || signal.aborted) throw error;
    throw new LinkUnavailable(`could not be read: ${(error as Error).message}`);
  } finally {
    signal.removeEventListener('abort', stop);
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}
