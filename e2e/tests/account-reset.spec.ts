import { expect, test } from '@playwright/test';
import { readCode } from '../support/mail.ts';
import { registerMember } from '../support/members.ts';

test('forgot password: mailed code, new password, sign in with it', async ({ page }) => {
  const { email } = await registerMember(page.request, 'Reset', 'Old#pass123');

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByLabel('Email Address').fill('nobody@');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page).toHaveURL(/\/auth\/enter-code$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByTestId('code-countdown')).toHaveText(/^(3:00|2:5\d)$/);
  // The server takes another request for a code only after 30 s: Resend waits and says how long.
  await expect(page.getByTestId('resend-countdown')).toHaveText(/^0:[0-3]\d$/);
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
  const code = await readCode(email, /password reset code/i);

  // A wrong code is refused.
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Reset code digit 1').click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText('Invalid code. Please try again.')).toBeVisible();

  await page.getByLabel('Reset code digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password\/.+/);

  await page.getByLabel('New password').fill('newpassword');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Must contain a number')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('New password').fill('New#pass456');
  await page.getByLabel('Confirm password').fill('New#pass456');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password has been reset!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Password Changed' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to log in' }).click();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Old#pass123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('.Toastify__toast--error')).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('New#pass456');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
