import { expect, test } from '../support/a11y.ts';
import { registerMember, signedInContext } from '../support/members.ts';

const OFFLINE = "You're offline. Messages you send will go out when you're back.";

for (const { label, viewport } of [
  { label: 'a desktop', viewport: { width: 1280, height: 800 } },
  { label: 'a phone', viewport: { width: 390, height: 844 } },
]) {
  test(`on ${label}, a member who has opened the app once opens it again offline, and is told politely`, async ({
    browser,
    page: setup,
    a11y,
  }) => {
    const ann = await registerMember(setup.request, 'Ann');
    const { context, page } = await signedInContext(browser, ann, { viewport });
    a11y.track(page);
    await page.goto('/home');
    await expect(page.getByRole('banner')).toBeVisible();
    // The first visit installs the service worker, which keeps the app's files.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);

    await context.setOffline(true);
    const reloaded = await page.reload();
    // The app's own page, from the worker, rather than the browser's "No internet" page.
    expect(reloaded?.fromServiceWorker()).toBe(true);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Your profile' })).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: OFFLINE });
    await expect(banner).toBeVisible();
    // Below the header, never over its menu and counters.
    const headerBox = (await header.boundingBox())!;
    expect((await banner.boundingBox())!.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 0.5);
    await a11y.check(page, 'the app opened offline');

    // What was kept: the app's files and public pictures, never the API, the sockets or private chat files.
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls.map((url) => new URL(url).pathname);
    });
    expect(kept).toContain('/index.html');
    expect(kept.filter((path) => /^\/(api|socket\.io|media\/private)\//.test(path))).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toHaveCount(0);
    await context.close();
  });
}
