import { expect, test } from '@playwright/test';
import { annAndBob } from '../support/members.ts';

test('an auto-delete timer chosen in Settings marks the messages sent after it, for both people', async ({ browser, page: setup }) => {
  const { ann, bob, a, b } = await annAndBob(browser, setup.request);

  await a.page.goto(`/scan-chat/private/${bob.id}`);
  const box = a.page.getByPlaceholder('Type a message');
  await box.fill('Before the timer');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(a.page.getByTestId('message').filter({ hasText: 'Before the timer' })).toBeVisible();

  await a.page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Settings' }).click();
  const settings = a.page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByText('Messages you send from now on are deleted for both of you after this time')).toBeVisible();
  const timer = settings.getByRole('combobox', { name: 'Auto delete message' });
  await expect(timer).toHaveValue('off');
  await timer.selectOption({ label: '1 day' });
  await expect(timer).toBeEnabled();
  await a.page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await box.fill('With the timer');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  for (const page of [a.page, b.page]) {
    await expect(page.getByTestId('message').filter({ hasText: 'With the timer' }).getByLabel('Deleted in 1d')).toBeVisible();
    await expect(
      page
        .getByTestId('message')
        .filter({ hasText: 'Before the timer' })
        .getByLabel(/Deleted in/),
    ).toHaveCount(0);
  }

  // The choice is kept.
  await a.page.reload();
  await a.page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Settings' }).click();
  await expect(a.page.getByRole('dialog', { name: 'Settings' }).getByRole('combobox', { name: 'Auto delete message' })).toHaveValue('1d');

  await a.context.close();
  await b.context.close();
});
