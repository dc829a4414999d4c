import { expect, test } from '../support/a11y.ts';
import { registerMember, signedInContext } from '../support/members.ts';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const desktop = { viewport: { width: 1280, height: 800 } };

test('public pages pass axe in both themes on a phone', async ({ browser, a11y }) => {
  const context = await browser.newContext(phone);
  const page = a11y.track(await context.newPage());
  for (const [path, heading] of [
    ['/', /.+/],
    ['/auth/login', /.+/],
    ['/auth/register', /.+/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await a11y.check(page);
  }
  await context.close();
});

test('on a wide screen the navigation stays, counters show only when there is something unread, and pages pass axe', async ({
  browser,
  page: setup,
  a11y,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const { context, page } = await signedInContext(browser, ann, desktop);
  a11y.track(page);
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  for (const name of ['Home', 'Chat', 'Communities', 'Scan', 'Profile']) await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  // The chat icon says what it is; nothing unread, no '0'.
  await expect(page.getByRole('link', { name: 'Chats: 0 unread', exact: true })).toContainText('Chats');
  await expect(page.getByTestId('chats-unread')).toHaveCount(0);
  await expect(page.getByTestId('notifications-unread')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await a11y.check(page, 'feed');

  // A skip link is the first stop of the keyboard and jumps over the navigation.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await a11y.check(page, 'profile');

  await nav.getByRole('link', { name: 'Chat' }).click();
  // The list, even on a wide screen: no conversation is opened (and so read) for the member.
  await expect(page).toHaveURL(/\/scan-chat\/private$/);
  const people = page.getByRole('list', { name: /^(People|Conversations)$/ }).first();
  await expect(people.or(page.getByText('No users'))).toBeVisible();
  await expect(page.getByText('Select a user')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await a11y.check(page, 'chat list');

  // Settings → Appearance: a theme picked here wins over the system's, on this device, across a reload.
  await nav.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('combobox', { name: 'Theme' })).toHaveValue('system');
  await a11y.check(page, 'settings');
  await page.emulateMedia({ colorScheme: 'light' });
  await settings.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');
  await nav.getByRole('button', { name: 'Settings' }).click();
  await settings.getByRole('combobox', { name: 'Theme' }).selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await context.close();
});

test('on a phone the navigation slides in from the menu button, and the feed passes axe', async ({ browser, page: setup, a11y }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const { context, page } = await signedInContext(browser, ann, phone);
  a11y.track(page);
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeHidden();
  await a11y.check(page, 'feed on a phone');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(nav.getByRole('link', { name: 'Communities' })).toBeVisible();
  await a11y.check(page, 'menu on a phone');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await context.close();
});
