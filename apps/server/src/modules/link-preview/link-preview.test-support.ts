import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Page = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface PageServer {
  /** http://host:port, the brackets of an IPv6 host included. */
  origin: string;
  port: number;
  /** Every request that reached the server: its path and the address it came in on. */
  hits: Array<{ path: string; localAddress: string; host: string }>;
  close(): Promise<void>;
}

/**
 * A web server for pages to preview, on `host` ('::' takes loopback over IPv4 and IPv6 alike). It records every
 * request that reaches it, which is how the refusal tests show nothing did.
 */
export async function pageServer(host: string, pages: Record<string, Page>): Promise<PageServer> {
  const hits: PageServer['hits'] = [];
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    hits.push({ path, localAddress: request.socket.localAddress ?? '', host: request.headers.host ?? '' });
    const page = pages[path];
    if (page) return page(request, response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const html =
  (body: string, type = 'text/html; charset=utf-8'): Page =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': type }).end(body);

export const redirect =
  (location: string, status = 302): Page =>
  (_request, response) =>
    response.writeHead(status, { location }).end();

export const picture =
  (data: Buffer, type = 'image/png'): Page =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': type }).end(data);

/** A page with Open Graph tags. */
export const ogPage = (tags: Record<string, string>) =>
  html(
    `<!doctype html><html><head><title>Plain title</title>${Object.entries(tags)
      .map(([property, content]) => `<meta property="og:${property}" content="${content}">`)
      .join('')}</head><body><p>Body</p></body></html>`,
  );

/** A small real PNG (sharp is in the tree for pictures anyway). */
export async function pngPicture(width = 40, height = 20): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
}
