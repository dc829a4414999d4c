import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

const PASSWORD = 'Secret#123';

/** The code the member's authenticator app shows, `steps` periods from now. */
const appCode = (key: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

// On a desktop-sized window the navigation stays on screen: no menu to open first.
async function openSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' });
}

test('a member turns on an authenticator app, then signs in with its code', async ({ browser, page: setup }) => {
  const member = await registerMember(setup.request, 'Totp');
  const { context, page } = await signedInContext(browser, member);
  await page.goto('/home');
  const settings = await openSettings(page);
  await settings.getByRole('button', { name: 'Set up' }).click();

  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await dialog.getByLabel('Setup key').textContent())!;
  await dialog.getByLabel('Code from the app').fill(appCode(key, 10));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();
  await dialog.getByLabel('Code from the app').fill(appCode(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'I saved them' }).click();
  await expect(settings.getByText(/On: signing in asks for a code from your app\. 10 backup codes left\./)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email Address').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/auth\/two-step$/);
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeNull();
  // The code that turned the app on is spent: the app's next code (still within the accepted window) signs in.
  await page.getByLabel('Authentication code').fill(appCode(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeTruthy();
  await context.close();
});

test('a member deletes their account after the password; they cannot sign in, and their messages read "Deleted member"', async ({
  browser,
  page: setup,
}) => {
  const [leaving, friend] = [await registerMember(setup.request, 'Leaving'), await registerMember(setup.request, 'Friend')];
  const sent = await setup.request.post('/api/chat/send', {
    headers: { authorization: `Bearer ${leaving.token}` },
    data: { peer_id: friend.id, text: 'goodbye for now' },
  });
  expect(sent.status()).toBe(201);

  const { context, page } = await signedInContext(browser, leaving);
  await page.goto('/home');
  const settings = await openSettings(page);
  await settings.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password', { exact: true }).fill('Wrong#pass1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Wrong password.')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeNull();

  await page.goto('/auth/login');
  await page.getByLabel('Email Address').fill(leaving.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await context.close();

  // The friend keeps the conversation, from a 'Deleted member'.
  const friendView = await signedInContext(browser, friend);
  await friendView.page.goto(`/chat`);
  await expect(friendView.page.getByText('Deleted member').first()).toBeVisible();
  await friendView.page.getByText('Deleted member').first().click();
  await expect(friendView.page.getByTestId('message').getByText('goodbye for now')).toBeVisible();
  await friendView.context.close();
});
