import { expect, test, type Page } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

/** Cuts the page off the chat server (socket and HTTP send) until the returned function is called. */
async function cutOff(page: Page) {
  let offline = true;
  await page.routeWebSocket('**/socket.io/**', (ws) => {
    // Not a valid engine.io packet: the client takes it as a failed connection and tries again later, as after a
    // real network error.
    if (offline) ws.send('x');
    else ws.connectToServer();
  });
  await page.route('**/api/chat/send', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  return () => {
    offline = false;
  };
}

test('a message written without a connection goes out when it comes back, whatever page is open then', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  await expect(b.page.getByPlaceholder('Type a message')).toBeVisible();

  const reconnect = await cutOff(a.page);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await a.page.getByPlaceholder('Type a message').fill('Written offline');
  await a.page.getByRole('button', { name: 'Send' }).click();
  const pending = a.page.getByTestId('message').filter({ hasText: 'Written offline' });
  await expect(pending).toHaveAttribute('data-pending', 'failed');
  await expect(pending).toContainText('Not sent yet: waiting for the connection');

  // Ann leaves the chat before the connection returns: the message still goes, once.
  await a.page.getByRole('link', { name: 'Your profile' }).click();
  await expect(a.page).toHaveURL(/\/profile/);
  reconnect();
  // socket.io tries again after at most 5 s (plus jitter).
  await expect(b.page.getByTestId('message').filter({ hasText: 'Written offline' })).toHaveCount(1, { timeout: 20_000 });
  await a.page.goBack();
  await expect(pending).toHaveCount(1);
  await expect(pending).not.toHaveAttribute('data-pending');

  await a.context.close();
  await b.context.close();
});
