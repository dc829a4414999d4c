import { expect, test, type Page } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

/** Cuts the page off the chat server (socket and HTTP send) while `offline` is set on the returned switch. */
async function cutOff(page: Page) {
  const net = { offline: true };
  await page.routeWebSocket('**/socket.io/**', (ws) => {
    // Not a valid engine.io packet: the client takes it as a failed connection and tries again later, as after a
    // real network error.
    if (net.offline) ws.send('x');
    else ws.connectToServer();
  });
  await page.route('**/api/chat/send', (route) => (net.offline ? route.abort('internetdisconnected') : route.continue()));
  return net;
}

test('a message written without a connection goes out when it comes back, whatever page is open then', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  await expect(b.page.getByPlaceholder('Type a message')).toBeVisible();

  const net = await cutOff(a.page);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await a.page.getByPlaceholder('Type a message').fill('Written offline');
  await a.page.getByRole('button', { name: 'Send' }).click();
  const pending = a.page.getByTestId('message').filter({ hasText: 'Written offline' });
  await expect(pending).toHaveAttribute('data-pending', 'failed');
  await expect(pending).toContainText('Not sent yet: waiting for the connection');

  // Ann leaves the chat before the connection returns: the message still goes, once.
  await a.page.getByRole('link', { name: 'Your profile' }).click();
  await expect(a.page).toHaveURL(/\/profile/);
  net.offline = false;
  // socket.io tries again after at most 5 s (plus jitter).
  await expect(b.page.getByTestId('message').filter({ hasText: 'Written offline' })).toHaveCount(1, { timeout: 20_000 });
  await a.page.goBack();
  await expect(pending).toHaveCount(1);
  await expect(pending).not.toHaveAttribute('data-pending');

  // Cut off again, Ann writes and reloads the page: the message is still there, and goes when the connection returns.
  net.offline = true;
  await a.page.reload();
  await a.page.getByPlaceholder('Type a message').fill('Kept over a reload');
  await a.page.getByRole('button', { name: 'Send' }).click();
  const kept = a.page.getByTestId('message').filter({ hasText: 'Kept over a reload' });
  await expect(kept).toHaveAttribute('data-pending', 'failed');
  await a.page.reload();
  await expect(kept).toHaveAttribute('data-pending', 'failed');
  net.offline = false;
  await expect(b.page.getByTestId('message').filter({ hasText: 'Kept over a reload' })).toHaveCount(1, { timeout: 20_000 });
  await expect(kept).toHaveCount(1);
  await expect(kept).not.toHaveAttribute('data-pending');

  await a.context.close();
  await b.context.close();
});
