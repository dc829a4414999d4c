import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

test('read receipts turned off hide read ticks at once, and a read made meanwhile stays hidden after they come back', async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const setReceipts = async (on: boolean) =>
    expect(
      (await setup.request.patch('/api/settings', { headers: { authorization: `Bearer ${bob.token}` }, data: { read_receipts: on } })).ok(),
    ).toBe(true);
  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  const send = async (text: string) => {
    await a.page.getByPlaceholder('Type a message').fill(text);
    await a.page.getByRole('button', { name: 'Send' }).click();
    await expect(b.page.getByTestId('message').filter({ hasText: text })).toBeVisible();
  };
  const ticks = (text: string) =>
    a.page
      .getByTestId('message')
      .filter({ hasText: text })
      .getByRole('img', { name: /^(Read|Sent)$/ });

  await send('First');
  await expect(ticks('First')).toHaveAccessibleName('Read');

  // Bob turns receipts off: Ann's open chat stops showing that he read it, without a reload.
  await setReceipts(false);
  await expect(ticks('First')).toHaveAccessibleName('Sent');
  await send('Second');
  // Bob's open chat reads it (the server counts nothing unread for him any more).
  const bobUnread = async () =>
    (
      (await (await setup.request.get('/api/chat/unread-count', { headers: { authorization: `Bearer ${bob.token}` } })).json()) as {
        unreadCount: number;
      }
    ).unreadCount;
  await expect.poll(bobUnread).toBe(0);

  // Back on: the read from before shows again, the one made while they were off never does.
  await setReceipts(true);
  await expect(ticks('First')).toHaveAccessibleName('Read');
  await expect(ticks('Second')).toHaveAccessibleName('Sent');
  await a.page.reload();
  await expect(ticks('First')).toHaveAccessibleName('Read');
  await expect(ticks('Second')).toHaveAccessibleName('Sent');

  await a.context.close();
  await b.context.close();
});
