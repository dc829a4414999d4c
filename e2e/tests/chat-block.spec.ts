import { expect, test } from '@playwright/test';
import { annAndBob } from '../support/members.ts';

test('blocking asks first, and the blocked member is told at once that they cannot write', async ({ browser, page: setup }) => {
  const { ann, bob, a, b } = await annAndBob(browser, setup.request);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  const bobBox = b.page.getByPlaceholder('Type a message');
  await expect(bobBox).toBeEnabled();

  // Block waits in the chat's menu. Changing her mind at the question blocks nobody.
  const block = async (name: 'Block' | 'Unblock') => {
    await a.page.getByRole('button', { name: 'Chat options' }).click();
    await a.page.getByRole('menuitem', { name, exact: true }).click();
  };
  const ask = a.page.getByRole('alertdialog', { name: `Block ${bob.name}?` });
  await block('Block');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(bobBox).toBeEnabled();

  await block('Block');
  await ask.getByRole('button', { name: 'Block' }).click();
  await expect(a.page.getByText('You blocked this member. Unblock to send messages.')).toBeVisible();
  // Bob's open chat learns it live: no sending into a wall.
  await expect(b.page.getByText('You cannot message this member.')).toBeVisible();
  await expect(bobBox).toBeDisabled();

  await block('Unblock');
  await expect(b.page.getByText('You cannot message this member.')).toBeHidden();
  await expect(bobBox).toBeEnabled();

  await a.context.close();
  await b.context.close();
});
