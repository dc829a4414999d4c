import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { PNG, registerMember, signedInContext } from '../support/members.ts';

/**
 * Cuts the page off the chat server (the socket, and HTTP sends unless `httpSends` says otherwise) while `offline`
 * is set on the returned switch, which also counts the messages sent over the socket.
 */
async function cutOff(page: Page, httpSends: 'cut' | 'pass' = 'cut') {
  const net = { offline: true, socketSends: 0 };
  await page.routeWebSocket('**/socket.io/**', (ws) => {
    // Not a valid engine.io packet: the client takes it as a failed connection and tries again later, as after a
    // real network error.
    if (net.offline) return void ws.send('x');
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      if (String(frame).includes('"message:send"')) net.socketSends += 1;
      server.send(frame);
    });
  });
  await page.route('**/api/chat/send', (route) =>
    net.offline && httpSends === 'cut' ? route.abort('internetdisconnected') : route.continue(),
  );
  return net;
}

/** Ann and Bob, each with their chat open; Ann's page is cut off from the chat server (see cutOff). */
async function annOfflineWithBob(browser: Browser, request: APIRequestContext) {
  const ann = await registerMember(request, 'Ann');
  const bob = await registerMember(request, 'Bob');
  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  await expect(b.page.getByPlaceholder('Type a message')).toBeVisible();
  const net = await cutOff(a.page);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  return { a, b, net };
}

test('a message written without a connection goes out when it comes back, whatever page is open then', async ({ browser, page: setup }) => {
  const { a, b, net } = await annOfflineWithBob(browser, setup.request);
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
  expect(net.socketSends).toBe(1);
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

test('a message sent while the page was still connecting shows up once the socket connects', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann);
  const net = await cutOff(a.page);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await expect(a.page.getByText('No messages yet. Say hello!')).toBeVisible();
  // The history is loaded, the socket not connected yet: a message now reaches no socket of Ann's.
  const sent = await setup.request.post('/api/chat/send', {
    headers: { authorization: `Bearer ${bob.token}` },
    data: { peer_id: ann.id, text: 'In between' },
  });
  expect(sent.ok()).toBe(true);
  net.offline = false;
  await expect(a.page.getByTestId('message').filter({ hasText: 'In between' })).toBeVisible({ timeout: 20_000 });
  await a.context.close();
});

test('a message the server refused shows why and is not sent again on every reconnect', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann);
  // Ann's socket is down, so her page has not heard of Bob's block when she writes; the send goes over HTTP.
  const net = await cutOff(a.page, 'pass');
  // The page has read Bob's state before he blocks (a read still on its way could already see the block).
  const peerRead = a.page.waitForResponse((res) => res.url().includes(`/api/chat/peers/${bob.id}`) && res.ok());
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await peerRead;
  await expect(a.page.getByPlaceholder('Type a message')).toBeEnabled();
  expect((await setup.request.post(`/api/chat/blocks/${ann.id}`, { headers: { authorization: `Bearer ${bob.token}` } })).ok()).toBe(true);
  await a.page.getByPlaceholder('Type a message').fill('Let me in');
  await a.page.getByRole('button', { name: 'Send' }).click();
  const refused = a.page.getByTestId('message').filter({ hasText: 'Let me in' });
  await expect(refused).toHaveAttribute('data-pending', 'failed');
  await expect(refused).toContainText('You cannot message this member.');

  // The connection comes back: the page learns of the block, and the refused message stays as it was, unsent.
  net.offline = false;
  await expect(a.page.getByPlaceholder('Type a message')).toBeDisabled({ timeout: 20_000 });
  await expect(refused).toHaveAttribute('data-pending', 'failed');
  await a.page.reload();
  await expect(refused).toContainText('You cannot message this member.');
  await expect(a.page.getByPlaceholder('Type a message')).toBeDisabled();
  expect(net.socketSends).toBe(0);
  await a.context.close();
});

test('a picture written without a connection is kept over a reload with its caption and goes when the connection returns', async ({
  browser,
  page: setup,
}) => {
  const { a, b, net } = await annOfflineWithBob(browser, setup.request);
  await a.page.getByLabel('Attach a file').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: PNG });
  // The files' store opens as soon as a file is attached, before the send: keeping the file then is one write.
  const fileStoreOpen = () => a.page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'tribeverse-outbox'));
  await expect.poll(fileStoreOpen).toBe(true);
  await a.page.getByRole('textbox', { name: 'Caption' }).fill('The harbour at dawn');
  await a.page.getByRole('button', { name: 'Send' }).click();
  const pending = a.page.getByTestId('message').filter({ hasText: 'The harbour at dawn' });
  await expect(pending).toHaveAttribute('data-pending', 'failed');
  await expect(pending).toContainText('harbour.png');
  // The picture goes to IndexedDB first and its message after it, so what a reload brings back is whole. A reload in
  // the same few milliseconds would outrun that write; a person reloads later than that, so the test waits for it.
  await expect.poll(() => a.page.evaluate(() => Object.values(localStorage).some((v) => v.includes('The harbour at dawn')))).toBe(true);

  await a.page.reload();
  await expect(pending).toContainText('harbour.png');
  await expect(pending).toHaveAttribute('data-pending', 'failed');
  net.offline = false;
  const arrived = b.page.getByTestId('message').filter({ hasText: 'The harbour at dawn' });
  await expect(arrived.getByRole('img', { name: 'harbour.png' })).toBeVisible({ timeout: 20_000 });
  await expect(arrived).toHaveCount(1);
  await expect(pending).not.toHaveAttribute('data-pending');
  // Stored once: nothing waits any more, not even after another reload.
  await a.page.reload();
  await expect(a.page.getByTestId('message').filter({ hasText: 'The harbour at dawn' })).toHaveCount(1);
  await expect(a.page.locator('[data-pending]')).toHaveCount(0);

  await a.context.close();
  await b.context.close();
});
