import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';
import { phoneSized as phone } from '../support/touch.ts';

test('on a phone the chat list and a conversation take turns on the screen, and the composer stays in view', async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann, phone);

  // A new conversation says so instead of showing a blank pane.
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await expect(a.page.getByText('No messages yet. Say hello!')).toBeVisible();
  // The list is out of the way while a conversation is open.
  await expect(a.page.getByPlaceholder('Search users...')).toBeHidden();

  const box = a.page.getByPlaceholder('Type a message');
  for (let i = 1; i <= 12; i++) {
    await box.fill(`Line ${i} for Bob`);
    await box.press('Enter');
    await expect(a.page.getByTestId('message').filter({ hasText: `Line ${i} for Bob` })).toBeVisible();
  }
  // A long history scrolls inside the conversation: the composer is still on screen, not below it.
  await expect(box).toBeInViewport();
  await expect(a.page.getByTestId('message').filter({ hasText: 'Line 12 for Bob' })).toBeInViewport();

  // Back goes to the list (no jump to the first conversation), and a row opens the conversation again.
  await a.page.getByRole('link', { name: 'Back to chats' }).click();
  await expect(a.page).toHaveURL(/\/scan-chat\/private$/);
  await expect(a.page.getByPlaceholder('Type a message')).toBeHidden();
  await a.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(bob.name) })
    .click();
  await expect(a.page).toHaveURL(new RegExp(`/scan-chat/private/${bob.id}$`));
  await expect(a.page.getByTestId('message').filter({ hasText: 'Line 12 for Bob' })).toBeInViewport();

  await a.context.close();
});

test('on a wide screen Chat opens on the list and reads only the conversation the member opens', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const asBob = { authorization: `Bearer ${bob.token}` };
  for (const text of ['one', 'two', 'three']) {
    expect((await setup.request.post('/api/chat/send', { headers: asBob, data: { peer_id: ann.id, text } })).ok()).toBe(true);
  }
  const annUnread = async () =>
    (
      (await (await setup.request.get('/api/chat/unread-count', { headers: { authorization: `Bearer ${ann.token}` } })).json()) as {
        unreadCount: number;
      }
    ).unreadCount;

  const a = await signedInContext(browser, ann, { viewport: { width: 1280, height: 800 } });
  await a.page.goto('/chat');
  // The list, with Bob's three unread, next to an empty pane: nothing is opened (so read) for her.
  await expect(a.page).toHaveURL(/\/scan-chat\/private$/);
  await expect(a.page.getByTestId(`unread-${bob.id}`)).toHaveText('3');
  await expect(a.page.getByText('Select a user')).toBeVisible();
  await expect(a.page.getByPlaceholder('Type a message')).toBeHidden();
  expect(await annUnread()).toBe(3);

  // She opens Bob's conversation: now it is read.
  await a.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(bob.name) })
    .click();
  await expect(a.page).toHaveURL(new RegExp(`/scan-chat/private/${bob.id}$`));
  await expect(a.page.getByTestId('message').filter({ hasText: 'three' })).toBeVisible();
  await expect(a.page.getByPlaceholder('Search users...')).toBeVisible();
  await expect(a.page.getByRole('link', { name: 'Back to chats' })).toBeHidden();
  await expect.poll(annUnread).toBe(0);
  await a.context.close();
});
