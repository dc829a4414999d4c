import { expect, test } from '@playwright/test';

test('a protected URL while signed out leads to login, and back to that URL after signing in', async ({ page }) => {
  const email = `guard-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.request.post('/api/auth/register', { data: { email, password: 'Secret#123' } });

  await page.goto('/profile/edit');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
});

test('the auth area onboarding screens are protected too', async ({ page }) => {
  await page.goto('/auth/interest-tags');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
