/**
 * What the service worker (sw.ts) may answer from its caches, as plain functions of the address so they can be
 * tested without a worker. Kept free of worker and DOM globals: it is type-checked with both.
 */

/** Where public pictures are kept, and how many at most (pictures are re-encoded and bounded in size by the server). */
export const PICTURES_CACHE = 'tribeverse-pictures';
export const PICTURES_KEPT = 200;

/** Addresses that are never the app's pages: the server answers them itself, and the worker never stores them. */
const SERVER_ONLY = /^\/(api|media|socket\.io|assets|metrics)(\/|$)/;

/** A client route: offline, it may be answered with the app shell. */
export function isAppPage(url: URL): boolean {
  return !SERVER_ONLY.test(url.pathname);
}

/**
 * A public picture of this origin: /media/<content-addressed name>, the same bytes for good. Private chat files
 * (/media/private/…) are checked by the server on every fetch and never kept; neither is anything but a picture.
 */
export function isPublicPicture(url: URL, destination: string, origin: string): boolean {
  return (
    url.origin === origin && destination === 'image' && url.pathname.startsWith('/media/') && !url.pathname.startsWith('/media/private/')
  );
}
