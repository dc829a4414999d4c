/**
 * Web push in the service worker (imported by sw.ts): a push from the server (issue 41; its body is
 * `{kind, title, body?, url, tag, icon?}`, decrypted by the browser) is shown as a notification, and a click on one
 * brings the app to the page it is about. The server pushes only while none of the member's tabs is connected.
 */

import { notificationOf, pickTab, readPush, targetOf } from './sw-push-rules';

declare let self: ServiceWorkerGlobalScope;

self.addEventListener('push', (event) => {
  const push = readPush(event.data?.text());
  if (!push) return;
  const { title, options } = notificationOf(push);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  event.waitUntil(
    (async () => {
      const tabs = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
        (c) => new URL(c.url).origin === self.location.origin,
      );
      const picked = pickTab(tabs, target);
      if (!picked) return void (await self.clients.openWindow(target));
      const focused = await picked.tab.focus();
      if (picked.navigate) await focused.navigate(target).catch(() => self.clients.openWindow(target));
    })(),
  );
});
