/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file into dist/sw.js; registered by
 * lib/service-worker.ts in production builds only). What it does:
 *
 * - Precaches the app shell: index.html and the build's code and styles (self.__WB_MANIFEST, listed at build time by
 *   vite.config.ts), so the app opens with no network.
 * - Pages come from the network whenever it answers (a deploy is live at the next load, as without a worker, and the
 *   server's preload hints come with them); only when it does not does a page get the precached index.html.
 * - Public pictures under /media/ (content-addressed, never changing) are kept for a while, a bounded number.
 * - Nothing else is stored: the API, the sockets and private chat files (/media/private/, each fetch checked by the
 *   server) always go to the network untouched.
 *
 * A new version installs beside the old one and waits (no skipWaiting): it takes over once no tab runs the old one,
 * so an open tab keeps the code it started with, lazily loaded pages included, even after the server has replaced
 * them. The web push work (issue 41) adds its `push` and `notificationclick` listeners to this same worker: a file
 * beside this one (sw-*.ts, type-checked by tsconfig.sw.json) imported below.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { PICTURES_CACHE, PICTURES_KEPT, isAppPage, isPublicPicture } from './sw-rules';
// Web push: the push and notificationclick listeners.
import './sw-push';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// Files are answered from the precache by their own address only: not '/' for index.html (a page is the network's
// to answer first, below), nor '/x' for '/x.html'.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// The page's request starts while the worker boots, instead of after it.
navigationPreload.enable();

registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request, event, url }) => {
    try {
      const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
      return preloaded ?? (await fetch(request));
    } catch (error) {
      // No network: a client route opens the app shell (which shows that it is offline); anything else
      // (an API address opened in a tab, a picture) fails as it would without a worker.
      const shell = isAppPage(url) ? await matchPrecache('/index.html') : undefined;
      if (shell) return shell;
      throw error;
    }
  },
);

registerRoute(
  ({ url, request }) => isPublicPicture(url, request.destination, self.location.origin),
  new CacheFirst({
    cacheName: PICTURES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: PICTURES_KEPT, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);
