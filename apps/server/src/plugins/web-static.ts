import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, MAX_DB_ID } from '@tribeverse/shared';
import type { MediaStorage } from '../lib/storage.ts';
import { MEDIA_COOKIE, PRIVATE_MEDIA_PREFIX, type PrivateMediaKind } from '../lib/private-media.ts';

/** What the browser may show in place: only pictures we decoded and re-encoded ourselves. */
const INLINE_MEDIA = new Set(['.webp', '.jpg', '.jpeg', '.png', '.gif', '.avif']);

/** Anything but a re-encoded picture (PDFs, text, audio, video, archives) is a download, never opened on this origin. */
const setDisposition = (reply: FastifyReply, filePath: string) => {
  if (!INLINE_MEDIA.has(path.extname(filePath).toLowerCase())) reply.header('content-disposition', 'attachment');
};

/** Who may fetch a private file (modules/media): the file's name in the private folder, or null for a 404. */
export interface PrivateMediaGate {
  open(cookie: string | undefined, kind: PrivateMediaKind, messageId: number, name: string): Promise<string | null>;
}

const PRIVATE_KINDS = new Set<string>(['chat', 'group', 'community']);
const FILE_NAME = /^[0-9a-f]{32}\.[A-Za-z0-9]{1,16}$/;
const notFound = (reply: FastifyReply) => reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: 'Not found.' });

/** The media cookie's value from the request's Cookie header (the one place it is read). */
function mediaCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === MEDIA_COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * Uploaded media. Public files (post and profile pictures, community pictures) under /media: names are
 * content-addressed and random, so cached by anyone for good. Chat and community chat files under
 * /media/private/<kind>/<message id>/<name>: each fetch is checked (the member's media cookie, their session, the
 * message as it is now), anyone else gets the same 404 as for a file that does not exist, and they are cached only
 * by the member's own browser and revalidated on every use (`private, no-cache`), so a deleted message or a removed
 * member's access ends at the next look, not a year later.
 */
export async function registerMedia(app: FastifyInstance, storage: MediaStorage, gate: PrivateMediaGate) {
  fs.mkdirSync(storage.root, { recursive: true });
  fs.mkdirSync(storage.privateRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    setHeaders: setDisposition,
  });
  // In a scope of its own: this file server only sends files a handler chose, from the private folder.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: storage.privateRoot, serve: false, cacheControl: false, setHeaders: setDisposition });
    scope.get<{ Params: { kind: string; id: string; name: string } }>(
      `${PRIVATE_MEDIA_PREFIX}/:kind/:id/:name`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { kind, id, name } = request.params;
        const messageId = Number(id);
        if (!PRIVATE_KINDS.has(kind) || !/^\d{1,10}$/.test(id) || messageId > MAX_DB_ID || !FILE_NAME.test(name)) return notFound(reply);
        const file = await gate.open(mediaCookie(request.headers.cookie), kind as PrivateMediaKind, messageId, name);
        if (!file) return notFound(reply);
        // Vary: Cookie, so no cache ever hands one member's answer to another even if it ignored `private`.
        reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie');
        return reply.sendFile(file);
      },
    );
  });
}

/**
 * The code of each page a visitor may land on first, as the web build lists it (apps/web/vite-route-preload.ts):
 * sent with that page as `Link: rel=modulepreload`, the browser fetches it alongside the app's entry instead of
 * after it. Read again when the build changes, like every other file.
 */
function routePreloads(webDist: string) {
  const file = path.join(webDist, '.vite/route-preloads.json');
  let cache: { mtimeMs: number; links: Map<string, string> } | null = null;
  return (url: string): string | undefined => {
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return undefined;
    if (cache?.mtimeMs !== mtimeMs) {
      let pages: Record<string, string[]> = {};
      try {
        pages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
      } catch {
        // Half-written by a build in progress: the page goes without hints until the file is whole.
      }
      const links = Object.entries(pages).map(
        ([page, files]) => [page, files.map((f) => `<${f}>; rel=modulepreload; crossorigin`).join(', ')] as const,
      );
      cache = { mtimeMs, links: new Map(links) };
    }
    const pathname = url.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
    return cache.links.get(pathname) || undefined;
  };
}

/** The built web app: its files, the page for every client route, and `{code, msg}` 404s for everything else. */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const preloadsFor = routePreloads(webDist);
  // The page must always be fresh: a cached one would point at bundles a new build has replaced.
  // Returns nothing: the handlers calling it are synchronous, and a reply handed back to the router is awaited as a
  // promise (listeners on the response until it ends: more than ten on one response once the file server had looked).
  const sendPage = (request: FastifyRequest, reply: FastifyReply): void => {
    const links = preloadsFor(request.url);
    if (links) reply.header('link', links);
    // From the not-found handler the reply is already a 404; the page of a client route is a 200.
    void reply.code(200).header('cache-control', 'no-cache').sendFile('index.html', webDist, { cacheControl: false });
  };
  if (hasWeb) {
    // Files are looked up per request, so a rebuilt web app is served without a restart.
    // The build writes a brotli and a gzip copy beside every text file (apps/web/vite-precompress.ts): the
    // smallest one the browser accepts is sent, nothing is compressed per request.
    const assets = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      // The build's own notes (.vite/) are not for browsers: such a path is answered like any unknown one.
      dotfiles: 'ignore',
      cacheControl: false,
      // Hashed bundles never change: kept for a year without asking again. Every other file (index.html, the logo,
      // the manifest) keeps its name across builds, so the browser asks each time whether it changed.
      setHeaders: (reply, filePath) =>
        reply.header('cache-control', filePath.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    // The root is a folder to the file server; the page itself is answered like every other client route.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing bundle must be a 404: answering it with the page would leave a stale tab with a blank screen.
    const isApi = ['/api', '/media', '/socket.io', '/assets/'].some((prefix) => request.url.startsWith(prefix));
    // HEAD as GET without the body: link checkers and uptime monitors ask a page that way.
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && hasWeb) return sendPage(request, reply);
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: 'Not found.' });
  });
}
