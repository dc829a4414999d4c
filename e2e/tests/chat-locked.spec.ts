import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

test('a message arriving while the passcode lock covers the open chat stays unread until the app is unlocked', async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const annUnread = async () =>
    (
      (await (await setup.request.get('/api/chat/unread-count', { headers: { authorization: `Bearer ${ann.token}` } })).json()) as {
        unreadCount: number;
      }
    ).unreadCount;
  const a = await signedInContext(browser, ann);
  const page = a.page;

  // Ann sets passcode 2580 in Settings.
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Settings' }).click();
  const toggle = page.getByRole('dialog', { name: 'Settings' }).getByRole('switch', { name: 'Passcode lock' });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  const set = page.getByRole('dialog', { name: 'Set a passcode' });
  await expect(set.getByLabel('New passcode digit 1')).toBeFocused();
  await page.keyboard.type('2580');
  await expect(set.getByLabel('Repeat passcode digit 1')).toBeFocused();
  await page.keyboard.type('2580');
  await expect(set).toBeHidden();

  // Opening the chat with Bob on a fresh load: locked, with the chat mounted underneath.
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chat/read')) reads.push(request.postData() ?? '');
  });
  await page.goto(`/scan-chat/private/${bob.id}`);
  const lock = page.getByRole('dialog', { name: 'Enter your passcode' });
  await expect(lock).toBeVisible();
  await expect(page.getByText('No messages yet. Say hello!')).toBeAttached();
  const sent = await setup.request.post('/api/chat/send', {
    headers: { authorization: `Bearer ${bob.token}` },
    data: { peer_id: ann.id, text: 'Are you there?' },
  });
  expect(sent.ok()).toBe(true);
  // It reached the chat behind the lock, but nobody has seen it: the page, which marks a chat read as soon as it has
  // drawn a new message in it, asks nothing of the server (a frame and a turn of its event loop after the drawing).
  await expect(page.getByTestId('message').filter({ hasText: 'Are you there?' })).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  expect(reads).toEqual([]);
  expect(await annUnread()).toBe(1);

  await lock.getByLabel('Passcode digit 1').focus();
  await page.keyboard.type('2580');
  await expect(lock).toBeHidden();
  await expect.poll(annUnread).toBe(0);
  expect(reads).toHaveLength(1);
  await a.context.close();
});
