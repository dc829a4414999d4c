import { expect, test, type Page } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

const postButton = (page: Page) => page.getByRole('button', { name: "What's on your mind?" });

async function openPasscodeSwitch(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const toggle = settings.getByRole('switch', { name: 'Passcode lock' });
  await expect(toggle).toBeEnabled();
  return { settings, toggle };
}

test('a passcode set in Settings locks the app on reload until it is typed, and turning it off ends that', async ({ browser, request }) => {
  const member = await registerMember(request, 'Pia');
  const { context, page } = await signedInContext(browser, member);
  await page.goto('/home');
  await expect(postButton(page)).toBeVisible();

  // Set 2580, typed twice.
  const { settings, toggle } = await openPasscodeSwitch(page);
  await expect(settings.getByText('Asked when you open Tribeverse on this device')).toBeVisible();
  await toggle.click();
  const set = page.getByRole('dialog', { name: 'Set a passcode' });
  await expect(set.getByLabel('New passcode digit 1')).toBeFocused();
  await page.keyboard.type('2580');
  await expect(set.getByText('Repeat the passcode')).toBeVisible();
  await expect(set.getByLabel('Repeat passcode digit 1')).toBeFocused();
  await page.keyboard.type('2580');
  await expect(set).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(settings.getByRole('combobox', { name: 'Auto-lock' })).toHaveValue(String(60 * 60_000));
  // Only a hash is kept on the device.
  const stored = await page.evaluate((id) => localStorage.getItem(`PASSCODE_LOCK_${id}`), member.id);
  expect(stored).toBeTruthy();
  expect(stored).not.toContain('2580');

  // A reload brings the lock up over the whole app, boxes focused, and Tab cannot reach the feed behind it.
  await page.reload();
  const lock = page.getByRole('dialog', { name: 'Enter your passcode' });
  await expect(lock).toBeVisible();
  await expect(lock.getByLabel('Passcode digit 1')).toBeFocused();
  // The app underneath stays mounted (its socket keeps running) but is inert: no clicks, no focus.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const outside = await page.evaluate(() => {
      const el = document.activeElement;
      return !!el && el !== document.body && !el.closest('[role="dialog"][aria-modal="true"]');
    });
    expect(outside).toBe(false);
  }

  await lock.getByLabel('Passcode digit 1').focus();
  await page.keyboard.type('1111');
  await expect(lock.getByText('Wrong passcode')).toBeVisible();
  await expect(lock.getByLabel('Passcode digit 1')).toHaveValue('');
  await expect(lock.getByLabel('Passcode digit 1')).toBeFocused();
  await page.keyboard.type('2580');
  await expect(lock).toBeHidden();
  await expect(postButton(page)).toBeVisible();

  // Settings opened by address on a locked device waits for the passcode: the lock takes the keys, then Settings shows.
  await page.goto('/home/settings');
  await expect(lock.getByLabel('Passcode digit 1')).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toHaveCount(0);
  await page.keyboard.type('2580');
  await expect(lock).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/home$/);

  // Turning it off asks for the passcode; afterwards a reload goes straight to the feed.
  const again = await openPasscodeSwitch(page);
  await again.toggle.click();
  const off = page.getByRole('dialog', { name: 'Turn off passcode lock' });
  await expect(off.getByLabel('Current passcode digit 1')).toBeFocused();
  await page.keyboard.type('2580');
  await expect(off).toBeHidden();
  await expect(again.toggle).toHaveAttribute('aria-checked', 'false');

  await page.reload();
  await expect(postButton(page)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Enter your passcode' })).toHaveCount(0);
  await context.close();
});
