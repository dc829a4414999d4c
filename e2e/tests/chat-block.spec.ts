import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

test('blocking asks first, and the blocked member is told at once that they cannot write', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  const bobBox = b.page.getByPlaceholder('Type a message');
  await expect(bobBox).toBeEnabled();

  // Changing her mind at the question blocks nobody.
  a.page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain(`Block ${bob.name}?`);
    void dialog.dismiss();
  });
  await a.page.getByRole('button', { name: 'Block' }).click();
  await expect(a.page.getByRole('button', { name: 'Block' })).toBeVisible();
  await expect(bobBox).toBeEnabled();

  a.page.once('dialog', (dialog) => void dialog.accept());
  await a.page.getByRole('button', { name: 'Block' }).click();
  await expect(a.page.getByText('You blocked this member. Unblock to send messages.')).toBeVisible();
  // Bob's open chat learns it live: no sending into a wall.
  await expect(b.page.getByText('You cannot message this member.')).toBeVisible();
  await expect(bobBox).toBeDisabled();

  await a.page.getByRole('button', { name: 'Unblock' }).click();
  await expect(b.page.getByText('You cannot message this member.')).toBeHidden();
  await expect(bobBox).toBeEnabled();

  await a.context.close();
  await b.context.close();
});
