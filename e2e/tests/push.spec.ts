import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { registerMember, signedInContext } from '../support/members.ts';

/** The app's service worker registration, as the DevTools Protocol names it (push messages are delivered to it). */
async function workerRegistration(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notifications the app's service worker is showing, as the page reads them. */
const shown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    })),
  );

test('a push reaching the service worker is shown, one notification per conversation, the newest replacing the last', async ({
  browser,
  page: setup,
  baseURL,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const { context, page } = await signedInContext(browser, ann);
  await context.grantPermissions(['notifications']);
  await page.goto('/home');
  await expect(page.getByRole('banner')).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);

  const cdp = await context.newCDPSession(page);
  const origin = new URL(baseURL!).origin;
  const registrationId = await workerRegistration(cdp, origin);
  // What the server sends (push-triggers.ts), as the browser hands it to the worker once decrypted.
  const deliver = (push: object) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(push) });

  await deliver({ kind: 'message', title: 'Bob', body: 'Lunch at noon?', url: '/scan-chat/private/7', tag: 'chat:7' });
  await expect.poll(() => shown(page)).toEqual([{ title: 'Bob', body: 'Lunch at noon?', tag: 'chat:7', url: '/scan-chat/private/7' }]);

  // Previews off: the server leaves the text out, and the notification says who wrote, not what.
  await deliver({ kind: 'message', title: 'Bob', url: '/scan-chat/private/7', tag: 'chat:7' });
  await deliver({
    kind: 'group_message',
    title: 'Cat in Climbing',
    body: 'Crag on Saturday',
    url: '/scan-chat/private/group/3',
    tag: 'group:3',
  });
  await expect
    .poll(async () => (await shown(page)).sort((a, b) => a.tag.localeCompare(b.tag)))
    .toEqual([
      { title: 'Bob', body: '', tag: 'chat:7', url: '/scan-chat/private/7' },
      { title: 'Cat in Climbing', body: 'Crag on Saturday', tag: 'group:3', url: '/scan-chat/private/group/3' },
    ]);

  // Something that is not one of the server's pushes shows nothing: once the push after it is shown (the worker
  // handles them in order), there is no notification for it.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: 'not json' });
  await deliver({ kind: 'follow', title: 'Dan followed you', url: '/u/dan', tag: 'notification:9' });
  await expect.poll(async () => (await shown(page)).map((n) => n.tag).sort()).toEqual(['chat:7', 'group:3', 'notification:9']);
  await context.close();
});

test('Settings → Notifications keeps what is pushed and mailed, for every device', async ({ browser, page: setup, a11y }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const { context, page } = await signedInContext(browser, ann);
  a11y.track(page);
  await page.goto('/home/settings');
  const dialog = page.getByRole('dialog');
  const mail = dialog.getByRole('switch', { name: 'Email me what I missed' });
  const previews = dialog.getByRole('switch', { name: 'Show message text' });
  await expect(mail).toHaveAttribute('aria-checked', 'true');
  await a11y.check(page, 'the settings with notifications');

  await mail.click();
  await expect(dialog.getByText('Off: nothing is mailed')).toBeVisible();
  await previews.click();
  await expect(dialog.getByText('Off: a push says who wrote, not what')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('dialog').getByRole('switch', { name: 'Email me what I missed' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('dialog').getByRole('switch', { name: 'Show message text' })).toHaveAttribute('aria-checked', 'false');
  await a11y.check(page, 'the settings with the mail and previews off');
  await context.close();
});
