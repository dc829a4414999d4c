import { expect, test, type Page } from '@playwright/test';
import { registerMember, registerThroughForm, uniqueEmail } from '../support/members.ts';

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a protected URL while signed out leads to login, and back to that URL (with its #hash) after signing in', async ({ page }) => {
  const { email } = await registerMember(page.request, 'Guard');

  await page.goto('/profile/edit#bio');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile\/edit#bio$/);

  // Signed in, login and register are no place to be: no second session behind the first one's back.
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/auth/register');
  await expect(page).toHaveURL(/\/home$/);
});

test('someone who registered and left at the confirmation code resumes onboarding at sign-in, then reaches the page they wanted', async ({
  page,
}) => {
  const email = uniqueEmail('later');
  await registerThroughForm(page, email);
  // Leaves: the tab's storage is gone, as after closing the browser without Remember.
  await page.evaluate(() => localStorage.clear());

  await page.goto('/profile/posts');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/auth\/setup-profile$/);
  // The member area stays closed until the profile is set up; login sends on to set-up as well.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/auth\/setup-profile$/);
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/auth\/setup-profile$/);
  await page.goto('/profile/posts');
  await expect(page).toHaveURL(/\/auth\/setup-profile$/);

  await page.getByLabel('Full name').fill('Late Comer');
  await page.getByLabel('User name').fill(`late_${Date.now() % 1e8}`);
  await page.getByLabel('Gender').selectOption('male');
  await page.getByLabel('Country').selectOption('NG');
  await page.getByLabel('Phone number').fill('8031234567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Choose your interest tags' }).click();
  for (const tag of ['meditation', 'personal growth', 'startups']) await page.getByRole('checkbox', { name: tag }).check();
  // The button says it goes on to the page the member wanted.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/profile\/posts$/);
});

test('the auth area onboarding screens are protected too', async ({ page }) => {
  await page.goto('/auth/interest-tags');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
