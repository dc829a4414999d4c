import { expect, test } from '@playwright/test';
import { PNG, registerMember, signedInContext } from '../support/members.ts';

test('two members chat both ways in real time, with unread badges, typing, read ticks and an attachment', async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const cy = await registerMember(setup.request, 'Cy');

  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob);

  // Bob is busy with Cy when Ann writes.
  await b.page.goto(`/scan-chat/private/${cy.id}`);
  await expect(b.page.getByPlaceholder('Type a message')).toBeVisible();
  // Ann has no conversations yet, so her list opens on the people she can write to; her first message
  // puts the conversation in her Chats.
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await expect(a.page.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
  const annBox = a.page.getByPlaceholder('Type a message');
  await annBox.fill('Hello Bob!');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(a.page.getByTestId('message').filter({ hasText: 'Hello Bob!' })).toHaveAttribute('data-own', 'true');
  await expect(a.page.getByRole('tab', { name: 'Chats' })).toHaveAttribute('aria-selected', 'true');

  // Bob's conversation list and header counter show it without a reload.
  await expect(b.page.getByTestId(`unread-${ann.id}`)).toHaveText('1');
  await expect(b.page.getByTestId('chats-unread')).toHaveText('1');
  await b.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(ann.name) })
    .click();
  await expect(b.page).toHaveURL(new RegExp(`/scan-chat/private/${ann.id}$`));
  await expect(b.page.getByTestId('message').filter({ hasText: 'Hello Bob!' })).toHaveAttribute('data-own', 'false');
  await expect(b.page.getByTestId('chats-unread')).toBeHidden();
  await expect(b.page.getByTestId(`unread-${ann.id}`)).toBeHidden();
  // Bob read it: Ann's message gets its read ticks.
  await expect(a.page.getByTestId('message').filter({ hasText: 'Hello Bob!' }).getByLabel('Read')).toBeVisible();

  // A message arriving while Bob has the chat open is read at once: no badge and no header count, not even briefly,
  // even when his read call is slower than the lists' refetch.
  await b.page.route('**/api/chat/read', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await b.page.evaluate((annId) => {
    const seen: string[] = [];
    (window as unknown as { unreadSeen: string[] }).unreadSeen = seen;
    const check = () => {
      const badge = document.querySelector(`[data-testid="unread-${annId}"]`);
      const header = document.querySelector('[data-testid="chats-unread"]');
      if (badge) seen.push(`badge ${badge.textContent}`);
      if (header && header.textContent !== '0') seen.push(`header ${header.textContent}`);
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, ann.id);
  await annBox.fill('Still there?');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByTestId('message').filter({ hasText: 'Still there?' })).toBeVisible();
  await expect(a.page.getByTestId('message').filter({ hasText: 'Still there?' }).getByLabel('Read')).toBeVisible();
  await b.page.waitForLoadState('networkidle');
  expect(await b.page.evaluate(() => (window as unknown as { unreadSeen: string[] }).unreadSeen)).toEqual([]);
  await expect(b.page.getByTestId('chats-unread')).toBeHidden();
  await b.page.unroute('**/api/chat/read');

  // Typing shows on the other side.
  await b.page.getByPlaceholder('Type a message').pressSequentially('Hi Ann', { delay: 30 });
  await expect(a.page.getByTestId('peer-status')).toHaveText('typing…');
  // An emoji from the picker goes where the caret is; Escape closes the picker.
  await b.page.getByRole('button', { name: 'Add emoji' }).click();
  await b.page.getByRole('gridcell', { name: 'grinning face', exact: true }).click();
  await expect(b.page.getByPlaceholder('Type a message')).toHaveValue('Hi Ann😀');
  await b.page.keyboard.press('Escape');
  await expect(b.page.getByTestId('emoji-panel')).toBeHidden();
  await b.page.getByRole('button', { name: 'Send' }).click();
  await expect(a.page.getByTestId('message').filter({ hasText: 'Hi Ann😀' })).toHaveAttribute('data-own', 'false');
  await expect(a.page.getByTestId('peer-status')).not.toHaveText('typing…');

  // Attachments (each waits in a preview for Send): a picture inline, another file as a card (name, type, size) that
  // downloads it.
  await a.page.getByLabel('Attach a file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByRole('img', { name: 'dot.png' })).toBeVisible();
  await a.page
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('meeting notes') });
  await a.page.getByRole('button', { name: 'Send' }).click();
  const link = b.page.getByRole('link', { name: /^notes\.txt, Text/ });
  await expect(link).toHaveAttribute('target', '_blank');
  // Its size comes from a HEAD of the link, once the browser holds the media cookie.
  await expect(link).toHaveAccessibleName('notes.txt, Text, 13 bytes');
  const served = await b.page.request.get((await link.getAttribute('href'))!);
  expect(await served.text()).toBe('meeting notes');

  // Everything survives a reload, in order, newest at the bottom.
  await b.page.reload();
  const texts = b.page.getByTestId('message');
  await expect(texts.first()).toContainText('Hello Bob!');
  await expect(texts.last()).toContainText('notes.txt');
  await expect(b.page.getByTestId('message')).toHaveCount(5);

  await a.context.close();
  await b.context.close();
});
