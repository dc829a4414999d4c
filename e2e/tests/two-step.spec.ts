import { expect, test } from '@playwright/test';
import { readCode } from '../support/mail.ts';
import { registerMember, signedInContext } from '../support/members.ts';

const PASSWORD = 'Secret#123';

test('a member turns on two-step verification, and signing in then needs the mailed code', async ({ browser, page: setup }) => {
  const member = await registerMember(setup.request, 'Twostep');
  // Two-step codes go to the address, so it must be confirmed first.
  const confirmCode = await readCode(member.email, /Confirm your Tribeverse account/);
  const confirmed = await setup.request.post('/api/auth/confirm-account', {
    headers: { authorization: `Bearer ${member.token}` },
    data: { code: confirmCode },
  });
  expect(confirmed.ok()).toBe(true);

  const { context, page } = await signedInContext(browser, member);
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const toggle = settings.getByRole('switch', { name: 'Two-step verification' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();

  const prompt = page.getByRole('dialog', { name: 'Turn on two-step verification' });
  await prompt.getByLabel('Current password').fill('Wrong#pass1');
  await prompt.getByRole('button', { name: 'Turn on' }).click();
  await expect(prompt.getByText('Wrong password.')).toBeVisible();
  await prompt.getByLabel('Current password').fill(PASSWORD);
  await prompt.getByRole('button', { name: 'Turn on' }).click();
  await expect(prompt).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // A guarded page sends the visitor to sign in, and back there once the code is in.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email Address').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/auth\/two-step$/);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // No session yet: the password alone opens nothing.
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeNull();
  await expect(page.getByTestId('resend-countdown')).toBeVisible();

  const code = await readCode(member.email, /sign-in code/);
  await page.getByLabel('Sign-in code digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeTruthy();
  await context.close();
});
