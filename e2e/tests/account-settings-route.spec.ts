import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

test("'settings' after a member page opens the settings modal over that page; closing returns to the page", async ({
  browser,
  request,
}) => {
  const member = await registerMember(request, 'Settler');
  const { context, page } = await signedInContext(browser, member);
  const settings = page.getByRole('dialog', { name: 'Settings' });

  // Typed or linked: the profile with the modal over it; closing leaves the profile.
  await page.goto('/profile/settings');
  await expect(settings).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();

  // Over the feed, through a reload; Escape goes back to the feed.
  await page.goto('/home/settings');
  await page.reload();
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await context.close();
});
